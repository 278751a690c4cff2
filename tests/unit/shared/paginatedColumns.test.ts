/**
 * Issue 34: a column the extension adds to a server-side paginated list may offer only the sorts and searches Steve
 * can answer. Rancher's lists send a column's `sort` and `search` to Steve's SQL cache, which refuses any field it does
 * not index with a 422 (the LB Address column's header then showed a sort the rows did not have, and the StorageClass
 * list's search failed as a whole). Every paginated column registered by the extension, through the shell's own plugin
 * class, is checked against the fields the simulator's Steve indexes: the same rules as rancher/steve v0.10.2
 * (lab/simulator/steve/indexedFields.ts, held to the real Steve by tests/real/steveDifferential.real.ts).
 */
import { Plugin } from '@shell/core/plugin';
import { ExtensionPoint } from '@shell/core/types';
import stevePagination from '@shell/plugins/steve/steve-pagination-utils';
import { registerLoadBalancer } from '@pkg/addOnConfig/register';
import { registerStorage } from '@pkg/storageClass/register';
import { registerTopology } from '@pkg/topology/register';
import { registerSnapshotClass } from '@pkg/snapshotclass/register';
import { registerVolumeSnapshots } from '@pkg/volumesnapshot/register';
import { refusedField } from '../../../lab/simulator/steve/indexedFields';
import { lookupType } from '../../../lab/simulator/core/registry';

interface Registered {
  resource: string;
  name: string;
  sort: string[];
  search: string[];
}

function paginatedColumns(): Registered[] {
  const plugin = new Plugin('harvester-cloud-ui');

  [registerLoadBalancer, registerStorage, registerTopology, registerSnapshotClass, registerVolumeSnapshots].forEach((r) => r(plugin as any));
  const byWhere: Record<string, any[]> = (plugin as any).uiConfig[ExtensionPoint.TABLE_COL] || {};
  const list = (v: unknown): string[] => (v === false || v === undefined ? [] : (Array.isArray(v) ? v : [v]) as string[]);

  return Object.values(byWhere).flat().filter((c) => c.paginationColumn).flatMap((c) => list(c.locationConfig.resource).map((resource) => ({
    resource,
    name:   c.paginationColumn.name,
    sort:   list(c.paginationColumn.sort).map((s) => s.replace(/:desc$/, '')),
    search: list(c.paginationColumn.search),
  })));
}

/** What the dashboard sends Steve for a column field (`metadata.fields.3` becomes `metadata.fields[3]`). */
const sent = (field: string): string => (stevePagination as any).createSortForPagination(field);

describe('the extension\'s columns on server-side paginated lists', () => {
  const columns = paginatedColumns();

  it('are found (the check below checks something)', () => {
    expect(columns.map((c) => c.name).sort()).toEqual(expect.arrayContaining(['harvester-lb-address', 'harvester-host-storage-class']));
  });

  it.each(columns.map((c) => [`${ c.resource } ${ c.name }`, c] as const))('%s sorts and searches only fields Steve indexes', (_n, c) => {
    const type = lookupType(c.resource);

    expect(type).toBeDefined();
    for (const f of c.sort) {
      expect(refusedField(type!, {
        filters: [], notFilters: [], include: [], exclude: [], sort: [sent(f)]
      })).toBeUndefined();
    }
    for (const f of c.search) {
      expect(refusedField(type!, {
        filters: [`${ sent(f) }~192.168`], notFilters: [], include: [], exclude: [], sort: []
      })).toBeUndefined();
    }
  });

  it('the check itself refuses what Steve refuses (the LB Address column of 0.5.0)', () => {
    expect(refusedField(lookupType('service')!, {
      filters: [], notFilters: [], include: [], exclude: [], sort: ['status.loadBalancer.ingress[0].ip']
    })).toBeDefined();
  });
});
