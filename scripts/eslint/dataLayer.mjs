/**
 * `local/data-layer` (issue 26): data/ and shellAdapter/ are the only code that asks the dashboard's store or
 * writes Rancher's and Steve's URLs and queries; every other folder of the extension calls them. Refused elsewhere:
 * - `dispatch`, `commit`, `urlFor`, `getters`, `rootGetters` and `rootState` of any store, read or destructured
 *   (translation, `getters['i18n/t']`, is not data: it stays), and the store's modules read from its `state`;
 * - a URL cut at its query (`split('?')`): the data layer builds and parses URLs;
 * - a string that is a Steve query or an API path: `filter=`, `include=`, `pagesize=`, `sort=`, `limit=`,
 *   `exclude=`, `labelSelector=`, `?link=`, `?action=`, `/k8s/clusters/`, `/v1/…`, `/v3/…` (and their `-public`);
 * - imports of the dashboard's code (`@shell/…`, `@rancher/shell/…`) other than the documented extension API types
 *   (`@shell/core/types`): the rest goes through shellAdapter/.
 */
const STORE_MEMBERS = new Set(['dispatch', 'commit', 'urlFor', 'getters', 'rootGetters', 'rootState']);
// The dashboard's store modules: `<store>.state.cluster…` reads one past the data layer.
const STORE_MODULES = new Set(['cluster', 'management', 'rancher', 'catalog', 'harvester', 'prefs', 'auth', 'type-map', 'uiplugins']);
const STEVE = /(^|[?&])(filter|include|exclude|pagesize|page|sort|limit|labelSelector|fieldSelector)=|\?(link|action)=|\/k8s\/clusters\/|^\/v[13](-public)?\//;
const SHELL_API = new Set(['@shell/core/types', '@rancher/shell/core/types']);

const memberName = (node) => (node.computed ? (node.property.type === 'Literal' ? node.property.value : null) : node.property.name);

function shellImport(source) {
  return typeof source === 'string' && (source.startsWith('@shell/') || source.startsWith('@rancher/shell/')) && !SHELL_API.has(source);
}

const rule = {
  meta: {
    type:     'problem',
    docs:     { description: 'the store, Steve URLs and queries, and the dashboard\'s code only in data/ and shellAdapter/' },
    messages: {
      store:  'The store\'s `{{ name }}` is used in data/ (or shellAdapter/) only: call the data layer.',
      steve:  'Steve queries and API paths are written in data/ only (data/steve.ts, data/guest.ts, data/clusterProxy.ts): "{{ text }}".',
      import: '`{{ source }}` is the dashboard\'s own code: reach it through shellAdapter/ (only @shell/core/types is the extension API).',
    },
    schema: [],
  },
  create(context) {
    const text = (node, value) => {
      if (typeof value === 'string' && STEVE.test(value)) {
        context.report({ node, messageId: 'steve', data: { text: value.slice(0, 60) } });
      }
    };
    const source = (node, value) => {
      if (shellImport(value)) {
        context.report({ node, messageId: 'import', data: { source: value } });
      }
    };

    const storeModule = (node) => {
      const parent = node.parent;

      return memberName(node) === 'state' && parent?.type === 'MemberExpression' && parent.object === node && STORE_MODULES.has(memberName(parent));
    };

    return {
      Property(node) {
        // `const { dispatch, getters } = store`: the same reach, destructured.
        const key = node.key?.type === 'Identifier' ? node.key.name : node.key?.value;

        if (node.parent?.type === 'ObjectPattern' && STORE_MEMBERS.has(key)) {
          context.report({ node, messageId: 'store', data: { name: key } });
        }
      },
      MemberExpression(node) {
        const name = memberName(node);

        if (storeModule(node)) {
          context.report({ node, messageId: 'store', data: { name: `state.${ memberName(node.parent) }` } });

          return;
        }

        if (!STORE_MEMBERS.has(name)) {
          return;
        }
        const parent = node.parent;

        if (name === 'getters' && parent?.type === 'MemberExpression' && parent.object === node && memberName(parent) === 'i18n/t') {
          return;
        }
        context.report({ node, messageId: 'store', data: { name } });
      },
      Literal(node) {
        if (node.parent?.type !== 'ImportDeclaration' && node.parent?.type !== 'ImportExpression') {
          text(node, node.value);
        }
      },
      TemplateElement(node) {
        text(node, node.value.cooked);
      },
      ImportDeclaration(node) {
        source(node, node.source.value);
      },
      ImportExpression(node) {
        source(node, node.source.value);
      },
      CallExpression(node) {
        const callee = node.callee;

        if (callee.type === 'MemberExpression' && memberName(callee) === 'split' && node.arguments[0]?.type === 'Literal' && node.arguments[0].value === '?') {
          context.report({ node, messageId: 'steve', data: { text: "split('?')" } });
        }
        if (node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments[0]?.type === 'Literal') {
          source(node, node.arguments[0].value);
        }
      },
    };
  },
};

export default { rules: { 'data-layer': rule } };
