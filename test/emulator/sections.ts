import type { EmulatorContext } from './core/context';
import type { Router } from './core/router';
import { ImagesSection } from './extraction/images';
import { WorkDataSection } from './extraction/work-data-section';
import { PayrollExportSection } from './integration/payroll-export';
import { DocumentsSection } from './integration/documents';
import { FilesSection } from './integration/files';
import { PeopleSection } from './integration/people';
import { ProjectsSection } from './integration/projects';
import { WorkOrdersSection } from './integration/work-orders';

/** The emulator's parts, one per section of the specification. Each registers its own routes. */
export function createSections(ctx: EmulatorContext) {
	return {
		people: new PeopleSection(ctx),
		projects: new ProjectsSection(ctx),
		workOrders: new WorkOrdersSection(ctx),
		images: new ImagesSection(ctx),
		workData: new WorkDataSection(ctx),
		payrollExport: new PayrollExportSection(ctx),
		documents: new DocumentsSection(ctx),
		files: new FilesSection(ctx),
	};
}

export type Sections = ReturnType<typeof createSections>;

export interface Section {
	registerIntegration?(router: Router): void;
	registerExtraction?(router: Router): void;
}
