import { seededId } from '../core/ids';
import type { WorkDataOptions } from '../extraction/workData';
import type { Emulator } from '../server';
import { seedMachines } from './machines';
import { seedPeople } from './people';
import { seedDocuments } from './documents';
import { seedImages, type ImageSeedOptions } from './images';
import { seedOtherEndpoints, type OtherEndpointsSeedOptions } from './otherEndpoints';
import { seedWorkData } from './workData';

/** Fixed ids and secrets of the demo data, so tests, demo workflows and the sandbox can name them. */
export const DEMO = {
	companies: {
		parent: seededId('company', 1),
		subsidiary: seededId('company', 2),
		other: seededId('company', 3),
	},
	clients: {
		admin: { clientId: 'demo-admin', clientSecret: 'demo-admin-secret-0d6f1c' },
		integrationOnly: {
			clientId: 'demo-integration-only',
			clientSecret: 'demo-integration-secret-81ab',
		},
		extractionOnly: {
			clientId: 'demo-extraction-only',
			clientSecret: 'demo-extraction-secret-5e02',
		},
		nonAdmin: { clientId: 'demo-non-admin', clientSecret: 'demo-non-admin-secret-77c4' },
		subsidiary: { clientId: 'demo-subsidiary', clientSecret: 'demo-subsidiary-secret-3a9e' },
		other: { clientId: 'other-company', clientSecret: 'other-company-secret-c1d8' },
	},
	scopes: { integration: 'svcapiv3', extraction: 'reportingapiv1' },
} as const;

export interface SeedOptions {
	/** How many demo projects to create (each with two work orders). */
	projects?: number;
	/** Image extraction data (false: none). */
	images?: ImageSeedOptions | false;
	/** Generated time registrations and payroll data (volume, page size); `false` for none. */
	workData?: WorkDataOptions | false;
	/** Records of the other extraction endpoints (v1/project, v1/user, registrations, ...); `false` for none. */
	otherEndpoints?: OtherEndpointsSeedOptions | false;
}

/** Companies, API clients, people, projects and work orders for a realistic small company. */
export function seedDemo(emulator: Emulator, options: SeedOptions = {}) {
	const { ctx } = emulator;
	const { companies, clients, sections } = ctx;
	companies.add({ id: DEMO.companies.parent, name: 'Nordlys Bygg AS' });
	companies.add({
		id: DEMO.companies.subsidiary,
		name: 'Nordlys Bygg Vest AS',
		parentId: DEMO.companies.parent,
	});
	companies.add({ id: DEMO.companies.other, name: 'Fjellkraft Entreprenør AS' });

	const both = [ctx.options.integrationScope, ctx.options.extractionScope];
	clients.register({
		...DEMO.clients.admin,
		companyId: DEMO.companies.parent,
		grantedScopes: both,
		isAdministrator: true,
	});
	clients.register({
		...DEMO.clients.integrationOnly,
		companyId: DEMO.companies.parent,
		grantedScopes: [ctx.options.integrationScope],
	});
	clients.register({
		...DEMO.clients.extractionOnly,
		companyId: DEMO.companies.parent,
		grantedScopes: [ctx.options.extractionScope],
	});
	clients.register({
		...DEMO.clients.nonAdmin,
		companyId: DEMO.companies.parent,
		grantedScopes: both,
		isAdministrator: false,
	});
	clients.register({
		...DEMO.clients.subsidiary,
		companyId: DEMO.companies.subsidiary,
		grantedScopes: both,
	});
	clients.register({ ...DEMO.clients.other, companyId: DEMO.companies.other, grantedScopes: both });

	const foreman = sections.people.add({
		companyId: DEMO.companies.parent,
		employeeNumber: '1001',
		firstName: 'Kari',
		lastName: 'Nordmann',
		phone: '+4791234567',
		email: 'kari.nordmann@example.com',
	});
	sections.people.add({
		companyId: DEMO.companies.parent,
		employeeNumber: '1002',
		firstName: 'Ola',
		lastName: 'Hansen',
		phone: '+4791234568',
	});

	const count = options.projects ?? 3;
	for (let i = 1; i <= count; i++) {
		const { project } = sections.projects.createFor(DEMO.companies.parent, {
			companyId: DEMO.companies.parent,
			projectNumber: `P-${String(1000 + i)}`,
			name:
				['Harbour bridge rehabilitation', 'School extension Nord', 'Road 7 resurfacing'][i - 1] ??
				`Demo project ${i}`,
			active: true,
			mainForemanId: foreman.employeeNumber,
			customerNumber: 'C-100',
			projectCustomerName: 'Statens vegvesen',
			workBreakLunchStartTime: '11:30',
			workBreakLunchLength: 30,
		});
		for (const n of [1, 2]) {
			sections.workOrders.createFor(DEMO.companies.parent, {
				companyId: DEMO.companies.parent,
				projectId: project.id,
				externalId: `${project.projectNumber}-${n}`,
				name: n === 1 ? 'Preparation' : 'Execution',
				active: true,
			});
		}
	}
	sections.projects.createFor(DEMO.companies.other, {
		companyId: DEMO.companies.other,
		projectNumber: 'X-1',
		name: 'Not yours',
		active: true,
	});
	seedMachines(emulator);
	seedPeople(emulator);
	seedDocuments(emulator);
	seedWorkData(emulator, options.workData ?? {});
	if (options.images !== false) seedImages(emulator, options.images ?? {});
	if (options.otherEndpoints !== false) seedOtherEndpoints(emulator, options.otherEndpoints ?? {});
}
