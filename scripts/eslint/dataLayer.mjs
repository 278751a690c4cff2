/**
 * `local/data-layer` (issue 26): data/ and shellAdapter/ are the only code that asks the dashboard's store or
 * writes Rancher's and Steve's URLs and queries; every other folder of the extension calls them. Refused elsewhere:
 * - `dispatch`, `commit`, `urlFor` and `getters` of any store (translation, `getters['i18n/t']`, is not data: it stays);
 * - a string that is a Steve query or an API path: `filter=`, `include=`, `pagesize=`, `sort=`, `limit=`,
 *   `exclude=`, `labelSelector=`, `?link=`, `?action=`, `/k8s/clusters/`, `/v1/…`, `/v3/…` (and their `-public`);
 * - imports of the dashboard's code (`@shell/…`, `@rancher/shell/…`) other than the documented extension API types
 *   (`@shell/core/types`): the rest goes through shellAdapter/.
 */
const STORE_MEMBERS = new Set(['dispatch', 'commit', 'urlFor', 'getters']);
const STEVE = /(^|[?&])(filter|include|exclude|pagesize|page|sort|limit|labelSelector|fieldSelector)=|\?(link|action)=|\/k8s\/clusters\/|^\/v[13](-public)?\//;
const SHELL_API = new Set(['@shell/core/types']);

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

    return {
      MemberExpression(node) {
        const name = memberName(node);

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
        if (node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments[0]?.type === 'Literal') {
          source(node, node.arguments[0].value);
        }
      },
    };
  },
};

export default { rules: { 'data-layer': rule } };
