import type { Router } from '../core/router';

/**
 * A machine type configured in a company. The specification shows only `typeId` (a string, not a
 * number); `name` is what the administration shows next to it.
 */
export interface MachineType {
	typeId: string;
	name: string;
}

/** Machine types per company (specification: GET /api/MachineType). */
export class MachineTypesSection {
	private readonly byCompany = new Map<string, MachineType[]>();

	registerIntegration(router: Router) {
		router.get('/api/MachineType', (req) => ({
			status: 200,
			body: this.of(req.caller.companyId).map((t) => ({ ...t })),
		}));
	}

	/** Configures a type in a company (seeding and tests). */
	add(companyId: string, type: MachineType) {
		const list = this.byCompany.get(companyId) ?? [];
		if (!list.some((t) => t.typeId === type.typeId)) list.push({ ...type });
		this.byCompany.set(companyId, list);
	}

	of(companyId: string): MachineType[] {
		return this.byCompany.get(companyId) ?? [];
	}

	/** Type ids are compared as sent: the service treats them as exact identifiers. */
	exists(companyId: string, typeId: string): boolean {
		return this.of(companyId).some((t) => t.typeId === typeId);
	}
}
