/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { startSimServer } from '../../lab/simulator/server';
import { demoState } from './helpers';

const ROOT = path.resolve(__dirname, '../..');

/** The dev server's host and HMR socket host, as vue.config.js gives them to webpack-dev-server. */
function devServerHost(env: Record<string, string> = {}): { host: string; ws: string } {
  const out = execFileSync(process.execPath, ['-e', 'const c = require("./vue.config.js"); process.stdout.write("\\n" + JSON.stringify({ host: c.devServer.host, ws: c.devServer.client.webSocketURL.hostname }))'], {
    cwd: ROOT,
    env: {
      ...process.env, NODE_ENV: 'dev', DEMO_HOST: '', ...env
    },
    encoding: 'utf8'
  });

  return JSON.parse(out.trim().split('\n').pop() as string);
}

describe('demo mode listens on loopback only', () => {
  it('the simulator binds 127.0.0.1', async() => {
    const sim = await startSimServer({ state: demoState(), port: 0 });

    try {
      expect(sim.server.address()).toMatchObject({ address: '127.0.0.1' });
    } finally {
      await sim.close();
    }
  });

  it('the dashboard dev server binds 127.0.0.1 (the shell\'s default is every interface), another address only with DEMO_HOST', () => {
    expect(devServerHost()).toEqual({ host: '127.0.0.1', ws: '127.0.0.1' });
    expect(devServerHost({ DEMO_HOST: '192.0.2.10' })).toEqual({ host: '192.0.2.10', ws: '192.0.2.10' });
  });
});
