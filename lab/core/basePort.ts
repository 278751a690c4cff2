/**
 * The stack's ports are STACK_BASE_PORT … +999. They must lie below the kernel's ephemeral ports: a client socket the
 * kernel gave one of them holds it, and the part that listens there fails to start ("address already in use", seen
 * once with a second stack on 33000, inside Linux's default 32768–60999).
 */
import fs from 'node:fs';

export const PORTS_PER_STACK = 1000;

/** Why `base` cannot be used, given the kernel's range ("low high"); null when it can. */
export function basePortProblem(base: number, ephemeralRange: string): string | null {
  const [low, high] = ephemeralRange.trim().split(/\s+/).map(Number);

  if (!Number.isInteger(base) || base < 1024 || base + PORTS_PER_STACK > 65536) {
    return `STACK_BASE_PORT ${ base }: the stack needs ${ PORTS_PER_STACK } ports from it, between 1024 and 65535`;
  }
  if (base < high && base + PORTS_PER_STACK > low) {
    return `STACK_BASE_PORT ${ base }: its ports ${ base }–${ base + PORTS_PER_STACK - 1 } overlap the kernel's ephemeral ports ${ low }–${ high } (net.ipv4.ip_local_port_range), where any outgoing connection may take one; choose one below ${ low - PORTS_PER_STACK }`;
  }

  return null;
}

export function checkBasePort(base: number): void {
  let range = '32768 60999';

  try {
    range = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8');
  } catch (e) {} // not Linux: its defaults
  const problem = basePortProblem(base, range);

  if (problem) {
    throw new Error(problem);
  }
}
