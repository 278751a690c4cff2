import { allowedDifference } from '../real/controllers/allowList';

// The controller differential's allowances must stay narrow: a race on the Service that got the address, never an
// address where no Service got one.
describe('the controller differential\'s allow list', () => {
  const lb = (name: string) => `loadBalancers.rke2-guest-scn-pool-exhausted-${ name }-<crc>.status.address`;

  it('tolerates the host address race on the Service that took the tiny pool\'s address', () => {
    expect(allowedDifference('pool exhausted', `${ lb('first') }: sim=undefined real="<scn-tiny>"`)).toBe(true);
    expect(allowedDifference('pool exhausted', `${ lb('first') }: sim="<scn-tiny>" real=undefined`)).toBe(true);
  });

  it('does not tolerate an address on the Service that the exhausted pool left without one', () => {
    expect(allowedDifference('pool exhausted', `${ lb('second') }: sim=undefined real="<scn-tiny>"`)).toBe(false);
  });

  it('does not tolerate an address from another pool', () => {
    expect(allowedDifference('pool exhausted', `${ lb('first') }: sim=undefined real="<dhcp>"`)).toBe(false);
  });

  it('does not tolerate a host address in a scenario where no Service gets one', () => {
    expect(allowedDifference('no pool for the network', 'loadBalancers.rke2-guest-scn-x-web-<crc>.status.address: sim=undefined real="<dhcp>"')).toBe(false);
  });
});
