import { mapOf, repeatedKeys, rowsOf, sameMap } from '@pkg/shared/parameterRows';

describe('the other-parameters rows', () => {
  it('keep keys and values byte for byte, in order; empty keys are not saved; a later repeat wins', () => {
    const rows = rowsOf({ b: ' 1 ', a: '' });

    expect(JSON.stringify(mapOf(rows))).toBe('{"b":" 1 ","a":""}');
    expect(mapOf([...rows, { key: '', value: 'x' }, { key: 'b', value: '2' }])).toEqual({ b: '2', a: '' });
    expect(repeatedKeys([...rows, { key: 'b', value: '2' }, { key: '', value: '' }, { key: '', value: '' }])).toEqual(['b']);
    expect(JSON.stringify(mapOf(rowsOf(JSON.parse('{"__proto__":"p"}'))))).toBe('{"__proto__":"p"}');
  });

  it('recognise their own map (so an echo does not reset what is being typed)', () => {
    const rows = [{ key: 'a', value: '1' }, { key: '', value: '' }];

    expect(sameMap(rows, { a: '1' })).toBe(true);
    expect(sameMap(rows, { a: '2' })).toBe(false);
  });
});
