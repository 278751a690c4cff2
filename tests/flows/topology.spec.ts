/** The Topology page, the node list's columns and the cluster dashboard's card on rke2-guest. */
import {
  REGIONS, RKE2_NODE_DRIFTED, RKE2_NODE_WITHOUT_TOPOLOGY, RKE2_NODES, ZONES
} from '../../lab/world/ids';
import { expect, test } from './fixtures';
import { SEL } from './lib/selectors';
import { openTopology, RKE2, writesSent } from './lib/demoSteps';
import { open, paths } from './lib/pages';
import { visibleTexts } from './lib/fields';

test('7. the Topology page of rke2-guest: regions, zones, the unlabelled node and the drifted node explained', async({
  simClient, page, dashboardUrl, shot
}) => {
  await openTopology(page, dashboardUrl);

  const regions = await visibleTexts(page, `${ SEL.topology.region } > h2`);

  expect(regions, 'regions shown').toEqual([expect.stringContaining(REGIONS.east), expect.stringContaining(REGIONS.west)]);
  const zones = (await visibleTexts(page, `${ SEL.topology.region } ${ SEL.topology.zone } .zone-title`)).join(' | ');

  [ZONES.east1a, ZONES.east1b, ZONES.west1a].forEach((z) => expect(zones, `zone ${ z } shown`).toContain(z));
  const grouped = (await page.locator(SEL.topology.region).allInnerTexts()).join('\n');

  RKE2_NODES.filter((n) => n !== RKE2_NODE_WITHOUT_TOPOLOGY).forEach((n) => expect(grouped, `node ${ n } in a region`).toContain(n));
  expect(await page.locator(SEL.topology.unlabelled).innerText(), 'the unlabelled group').toContain(RKE2_NODE_WITHOUT_TOPOLOGY);

  const drift = page.locator(SEL.topology.drift);

  await drift.locator(SEL.topology.status(RKE2_NODE_DRIFTED)).waitFor();
  expect((await drift.locator(SEL.topology.status(RKE2_NODE_DRIFTED)).innerText()).trim(), `${ RKE2_NODE_DRIFTED }'s drift status`).toMatch(/Drifted/);
  const driftText = await drift.innerText();

  expect(driftText, `the drift panel explains why ${ RKE2_NODE_DRIFTED } drifted`).toContain('The VM now runs on a host with other labels');
  expect(driftText, 'the drift panel\'s banner says a node no longer matches its host').toMatch(/no longer match/);
  expect(await page.locator(SEL.topology.resync).innerText(), 'the re-sync command').toContain(RKE2_NODE_DRIFTED);
  const summary = await page.locator(SEL.topology.summary).innerText();

  [/2 regions/, /3 zones/, /6 nodes/].forEach((count) => expect(summary, 'the summary').toMatch(count));
  await shot('topology', { doc: 'topology.png', tall: true });

  // The same topology as a map: zones as buttons, the drifted node's arrow; Enter zooms into a zone.
  await page.locator(SEL.topology.mapButton).click();
  // An SVG group of stroked paths: attached is what can be waited for (its box is the path's).
  await page.locator(SEL.topology.mapArrow).waitFor({ state: 'attached' });
  expect(await page.locator(SEL.topology.mapArrow).getAttribute('aria-label'), 'the drift arrow').toContain(RKE2_NODE_DRIFTED);
  await shot('topology-map', { doc: 'topology-map.png', tall: true });
  const zonesDrawn = await page.locator(SEL.topology.mapZone).count();

  await page.locator(SEL.topology.mapZone).first().focus();
  await page.keyboard.press('Enter');
  await expect(page.locator(SEL.topology.mapZone), 'one zone zoomed in').toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.locator(SEL.topology.mapZone), 'every zone again').toHaveCount(zonesDrawn);

  // The node list's Region and Zone columns.
  await open(page, dashboardUrl, paths.nodes(RKE2), `${ SEL.table.rows }:has-text("${ RKE2_NODES[0] }")`);
  expect(await visibleTexts(page, SEL.table.headerCells), 'node list headers').toEqual(expect.arrayContaining(['Region', 'Zone']));
  const rowA = (await visibleTexts(page, `${ SEL.table.rows }:has-text("${ RKE2_NODES[0] }")`))[0];

  expect(rowA, `the node list row of ${ RKE2_NODES[0] }`).toContain(REGIONS.east);
  expect(rowA, `the node list row of ${ RKE2_NODES[0] }`).toContain(ZONES.east1a);
  await shot('nodes-list');

  // The cluster dashboard's card.
  await open(page, dashboardUrl, paths.clusterHome(RKE2), SEL.topology.card);
  expect(await page.locator(SEL.topology.card).innerText(), 'the topology card').toMatch(/6 nodes/);
  // Looking writes nothing.
  expect(await writesSent(simClient), 'writes while viewing the topology').toEqual([]);
});
