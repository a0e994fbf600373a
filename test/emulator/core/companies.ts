/** Company structure: a parent company with subsidiaries, plus unrelated companies. */
export interface Company {
	id: string;
	name: string;
	parentId?: string;
}

export class Companies {
	private readonly byId = new Map<string, Company>();

	add(company: Company) {
		this.byId.set(company.id, company);
	}

	get(id: string): Company | undefined {
		return this.byId.get(id);
	}

	all(): Company[] {
		return [...this.byId.values()];
	}

	/** The company itself and every company below it. */
	structureOf(companyId: string): string[] {
		const out = [companyId];
		for (const c of this.byId.values()) {
			if (c.parentId === companyId) out.push(...this.structureOf(c.id));
		}
		return out;
	}

	/** The root of the company's structure (itself when it has no parent). */
	rootOf(companyId: string): string {
		let current = this.byId.get(companyId);
		while (current?.parentId && this.byId.has(current.parentId))
			current = this.byId.get(current.parentId);
		return current?.id ?? companyId;
	}

	/** Whether a caller of `callerCompanyId` may see data of `companyId` (own company or a subsidiary). */
	canAccess(callerCompanyId: string, companyId: string): boolean {
		return this.structureOf(callerCompanyId).includes(companyId);
	}
}
