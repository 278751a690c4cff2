import { activeNamespaces } from '@pkg/shellAdapter/namespaceFilter';

// The shell's namespace picker as the extension reads it (root getters activeNamespaceCache, isAllNamespaces).
describe('activeNamespaces', () => {
  it('is the namespaces the picker lets through; none picked is an empty set, not "all"', () => {
    expect(activeNamespaces({
      getters: {
        activeNamespaceCache: {
          a: true, b: false, c: true
        },
        isAllNamespaces: false
      }
    })).toEqual(new Set(['a', 'c']));
    expect(activeNamespaces({ getters: { activeNamespaceCache: {}, isAllNamespaces: false } })).toEqual(new Set());
  });

  it('is no filter when "All namespaces" is picked, or, with a console warning, when the dashboard has no such getter', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);

    expect(activeNamespaces({ getters: { activeNamespaceCache: { a: true }, isAllNamespaces: true } })).toBeNull();
    expect(warn).not.toHaveBeenCalled();
    expect(activeNamespaces({ getters: {} })).toBeNull();
    expect(warn.mock.calls[0][0]).toContain('activeNamespaceCache');
    warn.mockRestore();
  });
});
