/**
 * The kubelet's `/containerLogs` as the Pod runner answers it (lab/standins/pods/containerLogs.ts): what `kubectl
 * logs` and Rancher's operation log window show of a helm-operation Pod, with PodLogOptions' timestamps, tailLines,
 * sinceSeconds and limitBytes.
 */
import { logOptions, renderLog } from '../../../lab/standins/pods/containerLogs';

const FILE = [
  '2026-11-29T02:40:46.448Z stdout F helm install --namespace=cattle-ui-plugin-system harvester-cloud-ui /home/shell/helm/c.tgz',
  '2026-11-29T02:40:47.046Z stdout F NAME: harvester-cloud-ui',
  '2026-11-29T02:40:47.046Z stderr F WARNING: a warning',
  '2026-11-29T02:40:47.050Z stdout F STATUS: deployed',
  '',
].join('\n');
const q = (s: string) => logOptions(new URLSearchParams(s), Date.parse('2026-11-29T02:40:50Z'));

describe('containerLogs', () => {
  it('gives both streams\' lines in order, with their times when asked (the dashboard asks)', () => {
    expect(renderLog(FILE, q(''))).toBe('helm install --namespace=cattle-ui-plugin-system harvester-cloud-ui /home/shell/helm/c.tgz\nNAME: harvester-cloud-ui\nWARNING: a warning\nSTATUS: deployed\n');
    expect(renderLog(FILE, q('timestamps=true&follow=true')).split('\n')[1]).toBe('2026-11-29T02:40:47.046Z NAME: harvester-cloud-ui');
    expect(q('follow=true').follow).toBe(true);
  });

  it('keeps the last lines, the newer ones, and cuts at a byte limit', () => {
    expect(renderLog(FILE, q('tailLines=1'))).toBe('STATUS: deployed\n');
    expect(renderLog(FILE, q('tailLines=0'))).toBe('');
    expect(renderLog(FILE, q('sinceSeconds=3'))).toBe('NAME: harvester-cloud-ui\nWARNING: a warning\nSTATUS: deployed\n');
    expect(renderLog(FILE, q('sinceTime=2026-11-29T02:40:47.049Z'))).toBe('STATUS: deployed\n');
    expect(renderLog(FILE, q('limitBytes=4'))).toBe('helm');
  });
});
