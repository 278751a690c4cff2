/** The Connected watch's reading of a drop against the tunnel session's connection sync (issue 37). */
import { describe as summary, readDrop, sessionStarts, watchConnected } from '../../lab/stack/rancher/connectedWatch';

const LOG = [
  '2026/11/29 18:45:48 [INFO] Handling backend connection request [c-m-rke2g001]',
  '2026/11/29 18:46:22 [INFO] Handling backend connection request [stv-cluster-c-m-rke2g001]',
  '2026/11/29 18:46:23 [INFO] Handling backend connection request [stv-cluster-c-hh001]',
  '2026/11/29 19:38:22 [INFO] Handling backend connection request [stv-cluster-c-m-rke2g001]',
].join('\n');
const at = (hms: string) => Date.parse(`2026-11-29T${ hms }Z`);

it('reads the Steve tunnel sessions from Rancher\'s log, not the agent\'s main tunnel', () => {
  const starts = sessionStarts(LOG);

  expect(Object.keys(starts).sort()).toEqual(['c-hh001', 'c-m-rke2g001']);
  expect(starts['c-m-rke2g001']).toEqual([at('18:46:22'), at('19:38:22')]);
});

it('a drop a whole number of minutes after its session began is at a sync; one mid-minute is not', () => {
  const starts = sessionStarts(LOG)['c-m-rke2g001'];

  expect(readDrop({
    cluster: 'c-m-rke2g001', at: at('18:56:23'), back: at('18:56:40')
  }, starts)).toMatchObject({
    sinceSession: 601, offset: 1, atSync: true, seconds: 17
  });
  expect(readDrop({
    cluster: 'c-m-rke2g001', at: at('18:56:52'), back: at('18:57:07')
  }, starts)).toMatchObject({ offset: 30, atSync: false });
  // Measured from the latest session before the drop: Rancher's restart began a new one.
  expect(readDrop({
    cluster: 'c-m-rke2g001', at: at('19:40:21'), back: 0
  }, starts)).toMatchObject({
    sinceSession: 119, offset: 59, atSync: true, seconds: null
  });
  // Within the first minute no sync has been sent yet.
  expect(readDrop({
    cluster: 'c-m-rke2g001', at: at('18:46:23'), back: 0
  }, starts).atSync).toBe(false);
});

it('the summary counts the one-round drops at a sync apart from an outage', () => {
  const lines = summary([
    {
      cluster: 'c-m-rke2g001', at: at('18:56:23'), back: at('18:56:40')
    },
    {
      cluster: 'c-hh001', at: at('19:00:00'), back: at('19:02:00')
    },
  ], sessionStarts(LOG), 12);

  expect(lines[0]).toBe('[rancher] Connected watch, 12.0 min: 2 drop(s), 1 of one round, 1 of them at the tunnel\'s connection sync');
  expect(lines[1]).toContain('c-m-rke2g001 Connected=False at 18:56:23 for 17 s: one round; 601 s after its Steve tunnel session began (1 s past a minute: at a connection sync)');
  expect(lines[2]).toContain('c-hh001 Connected=False at 19:00:00 for 120 s: an outage');
});

it('the watch records a drop once, from Rancher\'s time, and when it came back; a round Rancher does not answer is skipped', async() => {
  const states: (string | null)[] = ['True', null, 'False', 'False', 'True'];
  let n = 0;
  const watch = watchConnected(async(cluster) => {
    if (cluster !== 'c-m-rke2g001') {
      return { status: 'True' };
    }
    const s = states[Math.min(n++, states.length - 1)];

    if (s === null) {
      throw new Error('Rancher restarting');
    }

    return { status: s, lastUpdateTime: '2026-11-29T18:56:23Z' };
  }, 1);

  await new Promise((resolve) => setTimeout(resolve, 60));
  const drops = await watch.stop();

  expect(drops).toHaveLength(1);
  expect(drops[0]).toMatchObject({ cluster: 'c-m-rke2g001', at: at('18:56:23') });
  expect(drops[0].back).toBeGreaterThan(0);
});
