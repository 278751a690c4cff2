/** The topology picture as data (what mapLayout.ts computes and TopologyMap.vue draws). */
import { NodeRole } from './labels';

export interface MapChip {
  name: string;
  x: number;
  y: number;
  w: number;
  h: number;
  ready: boolean;
  roles: NodeRole[];
  drifted: boolean;
  labelled: boolean;
}

export interface MapHost {
  key: string;
  /** null: the host is not known (host not read, VM not running or not found). */
  name: string | null;
  x: number;
  y: number;
  w: number;
  h: number;
  chips: MapChip[];
}

export interface MapZone {
  key: string;
  region: string | null;
  zone: string | null;
  /** A zone only Harvester hosts are in (the target of a drift arrow), no guest node claims it. */
  hostOnly: boolean;
  unlabelled: boolean;
  x: number;
  y: number;
  w: number;
  h: number;
  count: number;
  ready: number;
  drifted: number;
  collapsed: boolean;
  hosts: MapHost[];
  /** Chips not drawn in a zoomed zone above FOCUS_CHIP_LIMIT. */
  hidden: number;
}

export interface MapRegion {
  key: string;
  region: string | null;
  unlabelled: boolean;
  x: number;
  y: number;
  w: number;
  h: number;
  zones: MapZone[];
}

export interface DriftArrow {
  key: string;
  from: string;
  to: string;
  nodes: string[];
  path: string;
}

export interface TopologyMapModel {
  width: number;
  height: number;
  regions: MapRegion[];
  arrows: DriftArrow[];
  /** Every zone draws counts (a big cluster): zoom into one to see its nodes. */
  collapsedByDefault: boolean;
  focus: string | null;
}
