import type { EmulatorContext } from './core/context';
import type { Router } from './core/router';
import { MachineTypesSection } from './integration/machineTypes';
import { MachinesSection } from './integration/machines';
import { EmployeesV5Section } from './integration/employeesV5';
import { DocumentsSection } from './integration/documents';
import { FilesSection } from './integration/files';
import { WorkDataSection } from './extraction/workDataSection';
import { PayrollExportSection } from './integration/payrollExport';
import { ImagesSection } from './extraction/images';
import { OtherEndpointsSection } from './extraction/otherEndpoints/section';
import { PeopleSection } from './integration/people';
import { ProjectsSection } from './integration/projects';
import { UsersV4Section } from './integration/usersV4';
import { WorkOrdersSection } from './integration/workOrders';

/** The emulator's parts, one per section of the specification. Each registers its own routes. */
export function createSections(ctx: EmulatorContext) {
	return {
		people: new PeopleSection(ctx),
		projects: new ProjectsSection(ctx),
		workOrders: new WorkOrdersSection(ctx),
		machineTypes: new MachineTypesSection(),
		machines: new MachinesSection(ctx),
		usersV4: new UsersV4Section(ctx),
		employeesV5: new EmployeesV5Section(ctx),
		documents: new DocumentsSection(ctx),
		files: new FilesSection(ctx),
		workData: new WorkDataSection(ctx),
		payrollExport: new PayrollExportSection(ctx),
		images: new ImagesSection(ctx),
		otherEndpoints: new OtherEndpointsSection(ctx),
	};
}

export type Sections = ReturnType<typeof createSections>;

export interface Section {
	registerIntegration?(router: Router): void;
	registerExtraction?(router: Router): void;
}
