import { registerSnapshotClass } from '@pkg/snapshotclass/register';

describe('registerSnapshotClass', () => {
  it('registers the VolumeSnapshotClass page lazily, under the Steve type id the shell looks editors up by', async() => {
    const calls: any[] = [];

    registerSnapshotClass({ register: (...args: any[]) => calls.push(args) } as any);
    expect(calls.map((c) => c.slice(0, 2))).toEqual([['edit', 'snapshot.storage.k8s.io.volumesnapshotclass']]);
    expect((await calls[0][2]()).default.name).toBe('SnapshotClassEdit');
  });
});
