import { SlimCache, SlimList } from '@pkg/data/slimCache';
import { revisionUrl, withQuery } from '@pkg/data/steve';
import { rowWindow } from '@pkg/topology/windowing';
import { harvesterConfigNames } from '@pkg/environment/vmNamespaces';
import { filterGrouping, filterWords } from '@pkg/topology/filter';
import { groupNodes } from '@pkg/topology/grouping';
import { NodeRow, sortRows } from '@pkg/topology/rows';
import { generateCluster } from '../../bench/topology';

describe('slimQuery', () => {
  it('asks Steve for one dotted path per include parameter', () => {
    expect(withQuery('/v1/nodes', ['metadata.name', 'status.conditions'])).toBe('/v1/nodes?include=metadata.name&include=status.conditions');
    expect(withQuery('/v1/nodes?exclude=x', ['metadata.name'])).toBe('/v1/nodes?exclude=x&include=metadata.name');
  });

  it('reads the revision from a one-item, one-field list', () => {
    expect(revisionUrl('/v1/nodes')).toBe('/v1/nodes?include=metadata.name&pagesize=1');
  });
});

describe('SlimCache', () => {
  const list = (revision: string, n: number): SlimList => ({ revision, items: Array.from({ length: n }, (_, i) => ({ metadata: { name: `n${ i }` } })) });

  function source(revisions: string[]) {
    const calls = { list: 0, revision: 0 };
    let i = 0;

    return {
      calls,
      src: {
        list: async() => {
          calls.list++;

          return list(revisions[i++] || 'end', 3);
        },
        revision: async() => {
          calls.revision++;

          return revisions[i] ?? null;
        },
      },
    };
  }

  it('reuses a list while the revision is unchanged and lists again when it moved', async() => {
    const cache = new SlimCache();
    const { calls, src } = source(['5', '5', '7']);

    expect((await cache.fresh('k', src)).reused).toBe(false);
    // Revision now '5' = cached '5'.
    const second = await cache.fresh('k', src);

    expect(second.reused).toBe(true);
    expect(calls).toStrictEqual({ list: 1, revision: 1 });
  });

  it('lists again when the revision moved', async() => {
    const cache = new SlimCache();
    let rev = '5';
    let lists = 0;
    const src = {
      list: async() => {
        lists++;

        return list(rev, lists);
      },
      revision: async() => rev,
    };

    await cache.fresh('k', src);
    rev = '9';
    const again = await cache.fresh('k', src);

    expect(again.reused).toBe(false);
    expect(again.list.items).toHaveLength(2);
    expect(cache.peek('k')?.revision).toBe('9');
  });

  it('never hides a failure behind a cached list, and forgets the list', async() => {
    const cache = new SlimCache();
    const src = {
      list:     async() => list('1', 1),
      revision: async(): Promise<string | null> => {
        throw new Error('403');
      }
    };

    await cache.fresh('k', src);
    await expect(cache.fresh('k', src)).rejects.toThrow('403');
    expect(cache.peek('k')).toBeUndefined();
  });

  it('lists again when the server gives no revision', async() => {
    const cache = new SlimCache();
    let lists = 0;
    const src = {
      list: async() => {
        lists++;

        return { revision: null, items: [] };
      },
      revision: async() => null
    };

    await cache.fresh('k', src);
    await cache.fresh('k', src);
    expect(lists).toBe(2);
  });
});

describe('rowWindow', () => {
  it('renders the rows in view plus the overscan, with the space of the others around them', () => {
    expect(rowWindow(500, 0, 480, 40, 8)).toStrictEqual({
      start: 0, end: 21, padTop: 0, padBottom: 479 * 40
    });
    const w = rowWindow(500, 200 * 40, 480, 40, 8);

    expect(w.start).toBe(192);
    expect(w.end).toBe(221);
    expect(w.padTop + (w.end - w.start) * 40 + w.padBottom).toBe(500 * 40);
  });

  it('stays inside the list at the end and for tiny lists', () => {
    expect(rowWindow(500, 1e6, 480, 40).end).toBe(500);
    expect(rowWindow(3, 0, 480, 40)).toStrictEqual({
      start: 0, end: 3, padTop: 0, padBottom: 0
    });
    expect(rowWindow(0, 0, 480, 40).end).toBe(0);
  });
});

describe('harvesterConfigNames', () => {
  it('takes the HarvesterConfig of each machine pool once', () => {
    expect(harvesterConfigNames([
      { machineConfigRef: { kind: 'HarvesterConfig', name: 'a' } },
      { machineConfigRef: { kind: 'HarvesterConfig', name: 'a' } },
      { machineConfigRef: { kind: 'Amazonec2Config', name: 'b' } },
      {},
    ])).toStrictEqual(['a']);
    expect(harvesterConfigNames(undefined)).toStrictEqual([]);
  });
});

describe('filterGrouping', () => {
  const grouping = groupNodes(generateCluster(500).nodes);

  it('keeps only the zones with matching nodes, with their counts, and the cluster totals', () => {
    const only = filterGrouping(grouping, filterWords('zone-3'));

    expect(only.regions.flatMap((r) => r.zones.map((z) => z.zone))).toStrictEqual(['zone-3']);
    expect(only.regions[0].nodeCount).toBe(only.regions[0].zones[0].nodes.length);
    expect(only.counts).toBe(grouping.counts);
    expect(only.unlabelled).toHaveLength(0);
  });

  it('needs every word: a name and a zone', () => {
    const hit = filterGrouping(grouping, filterWords('GUEST-13 zone-3'));

    expect(hit.regions.flatMap((r) => r.zones.flatMap((z) => z.nodes.map((n) => n.name)))).toStrictEqual(['guest-13', 'guest-133']);
    expect(filterGrouping(grouping, [])).toBe(grouping);
  });
});

describe('sortRows', () => {
  const row = (name: string, ready: boolean): NodeRow => ({
    key: name, name, ready, roles: '', guest: '', vm: '', hostNode: '', host: '', status: null, reasons: ''
  });

  it('sorts names naturally and breaks ties by name', () => {
    const rows = [row('n-10', true), row('n-9', false), row('n-1', true)];

    expect(sortRows(rows, 'name').map((r) => r.name)).toStrictEqual(['n-1', 'n-9', 'n-10']);
    expect(sortRows(rows, 'name', true).map((r) => r.name)).toStrictEqual(['n-10', 'n-9', 'n-1']);
    expect(sortRows(rows, 'ready').map((r) => r.name)).toStrictEqual(['n-9', 'n-1', 'n-10']);
  });
});
