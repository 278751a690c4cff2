/**
 * A change made elsewhere while a Service's edit page is open, in Rancher 2.15's production dashboard against the REAL
 * kube-apiserver and rancher/steve (the stack), with Harvester's controllers running: the real Steve answers the
 * stale save with 409 and the shell's conflict handling takes over. (The Add-on Config's create and edit flows are
 * tests/compat/addOnConfig.spec.ts, run against every backend, this one included.)
 */
import { SERVICES, RKE2_GUEST } from '../../../lab/world/ids';
import { SEL } from '../lib/selectors';
import { choose, setChecked } from '../lib/fields';
import { expect, test } from '../fixtures';
import { expectOneAddOnConfig, openServiceEdit, saveAndLeave, storedAnnotations } from '../lib/steps';
import { patchService, realService } from '../lib/realSteps';
import { SERVER } from '../needs';

const CL = RKE2_GUEST.id;
const P = 'cloudprovider.harvesterhci.io';

test.describe('a change made elsewhere meanwhile: the real Steve answers 409', () => {
  test('saved untouched after a label was added on the kube-apiserver: both kept', SERVER, async({ adminPage: page, sim }) => {
    const id = `default/${ SERVICES.webPool }`;
    const annotations = await storedAnnotations(sim, CL, id);
    const puts: number[] = [];

    page.on('response', (r) => {
      if (r.request().method() === 'PUT' && r.url().includes(`/k8s/clusters/${ CL }/v1/services/${ id }`)) {
        puts.push(r.status());
      }
    });
    await openServiceEdit(page, sim.dashboard, CL, 'default', SERVICES.webPool, 'address');
    await expectOneAddOnConfig(page);
    await patchService(sim, CL, id, { metadata: { labels: { 'changed-by': 'someone-else' } } });
    // The Save meets the real 409 (stale resourceVersion); 2.15's shell merges the server's version
    // (dashboard-store normalize.js handleConflict) and saves again.
    await saveAndLeave(page);
    const saved = await realService(sim, CL, id);

    expect(saved.metadata.labels?.['changed-by']).toBe('someone-else');
    expect(saved.metadata.annotations).toEqual(annotations);
    expect(puts, 'updates of web-pool, by status').toEqual([409, 200]);
  });

  test('health-check port chosen while someone else set it on the kube-apiserver: the conflict is shown, theirs kept', SERVER, async({ adminPage: page, sim }) => {
    // (The IP source cannot be the changed field: the Add-on Config locks it on edit.)
    const id = `default/${ SERVICES.webPool }`;
    const port = `${ P }/healthcheck-port`;

    await openServiceEdit(page, sim.dashboard, CL, 'default', SERVICES.webPool, 'address');
    await expectOneAddOnConfig(page);
    await setChecked(page, SEL.hc.enabled, true);
    await choose(page, SEL.hc.port, '443');
    await patchService(sim, CL, id, { metadata: { annotations: { [port]: '80' } } });
    await page.locator(SEL.cru.save).click();
    // Both changed the same key: the shell's conflict merge gives up and shows the conflict; the form stays.
    await page.locator(SEL.cru.errorBanners).first().waitFor();
    await expect(page.locator(SEL.cru.errorBanners).first()).toContainText(/modified|conflict/i);
    expect(page.url()).toContain('mode=edit');
    expect((await storedAnnotations(sim, CL, id))[port]).toBe('80');
  });
});
