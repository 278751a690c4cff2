/** A stack's ports never overlap the kernel's ephemeral ports (a client socket there made a start fail). */
import { basePortProblem } from '../../lab/core/basePort';

describe('basePortProblem', () => {
  it('takes the ports CI and the docs use', () => {
    for (const base of [27000, 28000, 29000, 30000, 31000]) {
      expect(basePortProblem(base, '32768\t60999\n')).toBeNull();
    }
  });

  it('refuses a base whose ports reach into the ephemeral range, and says which to choose', () => {
    expect(basePortProblem(33000, '32768\t60999\n')).toMatch(/33000–33999 overlap the kernel's ephemeral ports 32768–60999.*below 31768/);
    expect(basePortProblem(32000, '32768 60999')).toMatch(/overlap/);
    expect(basePortProblem(61000, '32768 60999')).toBeNull();
  });

  it('refuses what is not a port range at all', () => {
    expect(basePortProblem(NaN, '32768 60999')).toMatch(/between 1024 and 65535/);
    expect(basePortProblem(65000, '32768 60999')).toMatch(/between 1024 and 65535/);
  });
});
