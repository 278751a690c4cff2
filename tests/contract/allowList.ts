/**
 * Differences between the simulator and Rancher's recorded responses that are known and accepted, each with why.
 * Keys are `<label>: <path> <kind>` as compare.ts makes them. docs/demo-mode.md lists them for users.
 */
const PATCH_LINK = 'Current Steve adds `links.patch` when the user may patch (apiserver pkg/writer/encoding.go addLinks, steve ' +
  'pkg/resources/common/formatter.go); the recordings come from Rancher 2.8, whose Steve did not.';
const RELATIONSHIPS = 'Steve computes relationships from its relationship cache (selectors, owners, Helm releases, volumes); ' +
  'the simulator has no such cache and sends null (what Steve sends for an object with none).';
const ACCESS = 'The recorded schemas are kept by the dashboard team without `attributes.access`; current Steve sets it ' +
  '(steve pkg/schema/factory.go SetAccess), and the simulator follows the code.';
const DESCRIPTIONS = 'Schema and column descriptions are Kubernetes\' OpenAPI documentation; the simulator carries short ones ' +
  '(the dashboard shows none of them in lists).';

export const ALLOWED: Record<string, string> = {
  'services: data[].links.patch extra':               PATCH_LINK,
  'storageclasses: data[].links.patch extra':         PATCH_LINK,
  'pods: data[].links.patch extra':                   PATCH_LINK,
  'persistentvolumeclaims: data[].links.patch extra': PATCH_LINK,
  'persistentvolumes: data[].links.patch extra':      PATCH_LINK,
  'serviceaccounts: data[].links.patch extra':        PATCH_LINK,
  'deployments: data[].links.patch extra':            PATCH_LINK,

  'services: data[].metadata.relationships value':       RELATIONSHIPS,
  'pods: data[].metadata.relationships type':            RELATIONSHIPS,
  'serviceaccounts: data[].metadata.relationships type': RELATIONSHIPS,

  'deployments: data[].metadata.fields extra':        'The deployments blueprint is trimmed by hand: its objects have no metadata.fields.',
  'deployments: data[].metadata.relationships extra': 'The deployments blueprint is trimmed by hand: its objects have no metadata.relationships.',
  'deployments: data[].metadata.state.message value': 'The deployments blueprint is trimmed by hand (state message blanked); kstatus says "Resource is current" for a current object.',
  'pods: revision extra':                             'The pods blueprint was recorded with the SQL cache (VAI_ENABLED), which sends no collection revision; without it Steve does.',

  'events: count value':                     'The events blueprint repeats one event (same id) three times; a store of objects by id holds it once.',
  'events: data[].links extra':              'The events blueprint is trimmed by hand: its objects have no links.',
  'events: data[].metadata.fields[] value':  'The events blueprint sets `_type: dummy_data` but keeps "Normal" in its Type column; the simulator prints the object\'s type.',
  'events: data[].metadata.fields[] format': 'The events blueprint\'s event has no timestamps at all, for which Kubernetes\' printer says "<unknown>"; the recording says "7m".',

  'schema node: attributes.access extra':           ACCESS,
  'schema pod: attributes.access extra':            ACCESS,
  'schema apps.daemonset: attributes.access extra': ACCESS,

  'schema node: description value':                                DESCRIPTIONS,
  'schema pod: description value':                                 DESCRIPTIONS,
  'schema apps.daemonset: description value':                      DESCRIPTIONS,
  'schema node: attributes.columns[].description value':           DESCRIPTIONS,
  'schema pod: attributes.columns[].description value':            DESCRIPTIONS,
  'schema apps.daemonset: attributes.columns[].description value': DESCRIPTIONS,

  'schema node: resourceFields extra': 'The simulator sends `resourceFields: null` (fields come from schemaDefinitions, as Rancher 2.8+), which the shell needs ' +
    'to fetch definitions; the recorded schema omits the key.',
};
