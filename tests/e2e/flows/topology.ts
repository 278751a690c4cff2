/** Flow 7: the Topology page, the node list's columns and the cluster dashboard's card on rke2-guest. */
import {
  REGIONS, RKE2_NODE_DRIFTED, RKE2_NODE_WITHOUT_TOPOLOGY, RKE2_NODES, ZONES
} from '../../../simulator/demo/ids';
import { expect, expectEqual, Flow, FlowContext } from '../runner';
import { SEL } from '../selectors';
import { open, paths, visibleTexts } from '../ui';
import { asAdmin, RKE2 } from './loadbalancer';

/**
 * Opens the Topology page and waits until the host's VMs have been read: the drift panel shows (or, for a user who
 * cannot read the host, the page says so).
 */
export async function openTopology(ctx: Pick<FlowContext, 'page' | 'dashboardUrl'>, cluster = RKE2): Promise<void> {
  await open(ctx.page, ctx.dashboardUrl, paths.topology(cluster), SEL.topology.root);
  await ctx.page.locator(`${ SEL.topology.drift }, ${ SEL.topology.hostProblem }, ${ SEL.topology.notHarvest }`).first().waitFor();
}

export const topologyFlows: Flow[] = [
  {
    name: '7. the Topology page of rke2-guest: regions, zones, the unlabelled node and the drifted node explained',
    async run(ctx) {
      const { page } = ctx;

      await ctx.sim.reset();
      await asAdmin(ctx);
      await openTopology(ctx);

      const regions = await visibleTexts(page, `${ SEL.topology.region } > h2`);

      expect(regions.length === 2 && regions[0].includes(REGIONS.east) && regions[1].includes(REGIONS.west), `regions shown: ${ regions.join(' | ') }`);
      const zones = await visibleTexts(page, `${ SEL.topology.region } ${ SEL.topology.zone } .zone-title`);

      [ZONES.east1a, ZONES.east1b, ZONES.west1a].forEach((z) => expect(zones.some((t) => t.includes(z)), `zone ${ z } is not shown: ${ zones.join(' | ') }`));
      const grouped = await page.locator(SEL.topology.region).allInnerTexts();

      RKE2_NODES.filter((n) => n !== RKE2_NODE_WITHOUT_TOPOLOGY).forEach((n) => expect(grouped.some((g) => g.includes(n)), `node ${ n } is in no region`));

      const unlabelled = await page.locator(SEL.topology.unlabelled).innerText();

      expect(unlabelled.includes(RKE2_NODE_WITHOUT_TOPOLOGY), `the unlabelled group does not list ${ RKE2_NODE_WITHOUT_TOPOLOGY }: ${ unlabelled }`);

      const drift = page.locator(SEL.topology.drift);

      await drift.locator(SEL.topology.status(RKE2_NODE_DRIFTED)).waitFor();
      const status = (await drift.locator(SEL.topology.status(RKE2_NODE_DRIFTED)).innerText()).trim();

      expect(/Drifted/.test(status), `${ RKE2_NODE_DRIFTED }'s drift status: ${ status }`);
      const driftText = await drift.innerText();

      expect(driftText.includes('The VM now runs on a host with other labels'), `the drift panel does not explain why ${ RKE2_NODE_DRIFTED } drifted: ${ driftText.slice(0, 400) }`);
      expect(/no longer match/.test(driftText), 'the drift panel\'s banner does not say a node no longer matches its host');
      const command = await page.locator(SEL.topology.resync).innerText();

      expect(command.includes(RKE2_NODE_DRIFTED), `the re-sync command does not name ${ RKE2_NODE_DRIFTED }: ${ command }`);
      const summary = await page.locator(SEL.topology.summary).innerText();

      expect(/2 regions/.test(summary) && /3 zones/.test(summary) && /6 nodes/.test(summary), `summary: ${ summary }`);
      await ctx.shot('topology', { doc: 'topology.png', tall: true });

      // The node list's Region and Zone columns.
      await open(page, ctx.dashboardUrl, paths.nodes(RKE2), `${ SEL.table.rows }:has-text("${ RKE2_NODES[0] }")`);
      const headers = await visibleTexts(page, SEL.table.headerCells);

      expect(headers.includes('Region') && headers.includes('Zone'), `node list headers: ${ headers.join(' | ') }`);
      const rowA = (await visibleTexts(page, `${ SEL.table.rows }:has-text("${ RKE2_NODES[0] }")`))[0];

      expect(rowA.includes(REGIONS.east) && rowA.includes(ZONES.east1a), `the node list row of ${ RKE2_NODES[0] }: ${ rowA }`);
      await ctx.shot('nodes-list');

      // The cluster dashboard's card.
      await open(page, ctx.dashboardUrl, paths.clusterHome(RKE2), SEL.topology.card);
      const card = await page.locator(SEL.topology.card).innerText();

      expect(/6 nodes/.test(card), `the topology card: ${ card }`);
      // Looking writes nothing.
      expectEqual((await ctx.sim.resourceWrites()).map((w) => `${ w.method } ${ w.path }`), [], 'writes while viewing the topology');
    },
  },
];
