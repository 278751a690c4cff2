import { TableColumn } from '@shell/core/types';
import { REGION, ZONE } from './labels';

/** Paths into a node row: quoted for the table's local sort/search, bracketed for Steve's server-side pagination. */
export const REGION_PATH = `metadata.labels."${ REGION }"`;
export const ZONE_PATH = `metadata.labels."${ ZONE }"`;
const REGION_SSP = `metadata.labels[${ REGION }]`;
const ZONE_SSP = `metadata.labels[${ ZONE }]`;

// Positions in the node list: right after State, Name and Roles.
const REGION_POSITION = 3;
const ZONE_POSITION = 4;

export const REGION_COLUMN: TableColumn = {
  name:     'harvester-topology-region',
  labelKey: 'harvesterTopology.columns.region',
  weight:   REGION_POSITION,
  value:    REGION_PATH,
  sort:     [REGION_PATH, ZONE_PATH, 'nameSort'],
  search:   REGION_PATH,
};

export const ZONE_COLUMN: TableColumn = {
  name:     'harvester-topology-zone',
  labelKey: 'harvesterTopology.columns.zone',
  weight:   ZONE_POSITION,
  value:    ZONE_PATH,
  sort:     [ZONE_PATH, 'nameSort'],
  search:   ZONE_PATH,
};

export const REGION_PAGINATION_COLUMN: TableColumn = {
  ...REGION_COLUMN, sort: [REGION_SSP, ZONE_SSP], search: REGION_SSP
};

export const ZONE_PAGINATION_COLUMN: TableColumn = {
  ...ZONE_COLUMN, sort: [ZONE_SSP], search: ZONE_SSP
};
