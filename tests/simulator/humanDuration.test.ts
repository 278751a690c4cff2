import { humanDuration } from '../../lab/simulator/steve/humanDuration';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('humanDuration, as Kubernetes prints ages', () => {
  it.each([
    [-5 * S, '<invalid>'], [-1 * S, '0s'], [45 * S, '45s'], [119 * S, '119s'], [3 * M + 20 * S, '3m20s'], [5 * M, '5m'],
    [38 * M, '38m'], [3 * H + 38 * M, '3h38m'], [7 * H, '7h'], [24 * H, '24h'], [2 * D + 5 * H, '2d5h'], [10 * D, '10d'],
    [800 * D, '2y70d'], [3000 * D, '8y'],
  ])('%d ms -> %s', (ms, text) => {
    expect(humanDuration(ms)).toBe(text);
  });
});
