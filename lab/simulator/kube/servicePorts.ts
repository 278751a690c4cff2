import { TypeDef } from '../core/registry';
import { KubeObject } from '../core/types';

/** A Service's port numbers, as ValidateService words them (the real kube-apiserver's 422; differential test). */
export function servicePortErrors(t: TypeDef, obj: KubeObject): string[] {
  const ports = t.id === 'service' ? (obj as any).spec?.ports : undefined;
  const causes: string[] = [];
  const range = (v: unknown) => typeof v === 'number' && (v < 1 || v > 65535);

  (Array.isArray(ports) ? ports : []).forEach((p: any, i: number) => {
    for (const f of ['port', 'targetPort']) {
      const v = f === 'targetPort' && p?.targetPort === undefined ? p?.port : p?.[f];

      if (range(v)) {
        causes.push(`spec.ports[${ i }].${ f }: Invalid value: ${ v }: must be between 1 and 65535, inclusive`);
      }
    }
  });

  return causes;
}
