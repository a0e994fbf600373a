import type { Row } from '../runner';
import { documentRows, fileRows } from './documents';
import { dataExtractionRows, payrollExportRows } from './extraction';
import { machineRows, machineTypeRows } from './machines';
import { employeeRows, userRows } from './people';
import { projectRows, workOrderRows } from './projects';
import { triggerRows } from './trigger';

/** Every row of the catalogue (each test file runs its own share against its own emulator). */
export const CATALOGUE: Row[] = [
	...projectRows,
	...workOrderRows,
	...machineRows,
	...machineTypeRows,
	...userRows,
	...employeeRows,
	...documentRows,
	...fileRows,
	...payrollExportRows,
	...dataExtractionRows,
	...triggerRows,
];
