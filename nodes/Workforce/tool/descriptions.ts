import type { INodeProperties } from 'n8n-workflow';

import { BEFORE_VERSION_2, FROM_VERSION_2 } from '../../shared/nodeVersion';

/**
 * What each operation tells a model when the node is an AI tool: what it does, what it needs and
 * what it returns. n8n's automatic tool description is the operation's action ("Get many projects
 * in Workforce"), which names neither the inputs nor the answer. One row per operation (a test
 * checks that every operation has one).
 */
export const TOOL_DESCRIPTIONS: Record<string, Record<string, string>> = {
	project: {
		create:
			'Create a project in Workforce. Needs the company ID and a project number (unique in the company); a number that exists returns the existing project. Returns the project with its ID.',
		delete:
			'Delete a project in Workforce. Needs the project (ID, or project number). Returns { deleted: true, id }.',
		get: 'Get one project from Workforce. Needs the project (ID, or project number). Returns the project with its ID, number, name, customer, foremen and dates.',
		getAll:
			"List the company's projects in Workforce (ID, project number, name, active, customer). Returns one item per project.",
		replace:
			'Replace a project in Workforce with the complete set of fields given: every field left out is cleared. Needs the project (ID or number), company ID and project number. Returns the saved project.',
		update:
			'Change fields of a project in Workforce; fields not given keep their values. Needs the project (ID or number) and the fields to change. Returns the saved project.',
	},
	workOrder: {
		create:
			'Create a work order (task) on a project in Workforce. Needs the company ID, the project (ID or number), an external ID and a name. Returns the work order with its ID.',
		getAll:
			'List the work orders (tasks) of a project in Workforce. Needs the project (ID or number). Returns one item per work order.',
	},
	machine: {
		create:
			'Create a machine or piece of equipment in Workforce. Needs the company ID and a machine number (unique in the company); type, name and other fields are optional. Returns the machine with its ID.',
		createMany:
			'Create machines in Workforce through the bulk endpoint. Needs the company ID and machine number of each machine. Returns one result per machine (the saved machine, or the fields the service refused).',
		delete:
			'Delete a machine in Workforce (check Is Deletable first). Needs the machine (ID, or machine number). Returns { deleted: true, id }.',
		get: 'Get one machine from Workforce. Needs the machine (ID, or machine number); optionally with its linked equipment. Returns the machine.',
		getByMachineNumber:
			'Get one machine from Workforce by its machine number. Needs the machine number. Returns the machine.',
		getAll:
			"List the company's machines and equipment in Workforce. Returns one item per machine (ID, machine number, name, type, active).",
		isDeletable:
			'Check whether a machine in Workforce can be deleted (not while equipment is linked or registrations use it). Needs the machine (ID or number). Returns { id, isDeletable }.',
		replace:
			'Replace a machine in Workforce with the complete set of fields given: every field left out is cleared (ESG fields excepted). Needs the machine (ID or number), company ID and machine number. Returns the saved machine.',
		replaceMany:
			'Replace machines in Workforce through the bulk endpoint: fields left out are cleared. Needs each machine (ID or number), company ID and machine number. Returns one result per machine.',
		update:
			'Change fields of a machine in Workforce; fields not given keep their values. Needs the machine (ID or number) and the fields to change. Returns the saved machine.',
		updateEsg:
			'Set the ESG data of a machine in Workforce: fuel consumption rate, unit and fuel type. Needs the machine (ID or number) and the values. Returns the saved machine.',
	},
	machineType: {
		getAll:
			"List the company's machine types in Workforce (the typeId a machine's type must be). Returns one item per type.",
	},
	user: {
		create:
			'Create a user (v4) with its employment in Workforce. Needs company ID, employee number, first and last name, work mobile in international format (+47...), birth date and employment start date (yyyy-MM-dd). Returns the user.',
		delete:
			'Delete a user (v4) in Workforce. Needs the user (identity ID, or employee number). A conflict means the user changed meanwhile: read it again first. Returns { success, deleted, identityId }.',
		disable:
			'Stop a user (v4) from logging in to Workforce. Needs the user (company profile ID, or employee number). Returns { success, action }.',
		enable:
			'Let a user (v4) log in to Workforce again. Needs the user (company profile ID, or employee number). Returns { success, action }.',
		getByEmployeeNumber:
			'Get a user (v4) from Workforce by employee number. Needs the employee number. Returns the user with its identity and company profile IDs.',
		getByProfileId:
			'Get a user (v4) from Workforce by company profile ID. Needs the company profile ID. Returns the user.',
		getAll:
			"List the company's users (v4) in Workforce, optionally only those changed since a date. Returns one item per user.",
		isDeletable:
			'Check whether a user (v4) in Workforce can be deleted. Needs the user (identity ID, or employee number). Returns { identityId, isDeletable }.',
		replace:
			'Replace a user (v4) in Workforce with the complete set of fields given: optional fields left out are cleared. Needs the user and every required field (as for Create). Returns the saved user.',
		update:
			'Change fields of a user (v4) in Workforce; fields not given keep their values. Needs the user (company profile ID, or employee number) and the fields to change. Returns the saved user.',
	},
	employee: {
		changeEmployeeNumber:
			'Give an employee (v5) in Workforce a new employee number, unique in the company structure. Needs the current and the new employee number. Returns the employee.',
		changePhoneNumber:
			"Change an employee's (v5) login phone number in Workforce, for all company profiles of the person. Needs the employee number and the new number in international format (+47...). Returns the employee.",
		create:
			'Create an employee (v5) with the first employment in Workforce. Needs employee number, first and last name, phone in international format (+47...), birth date and employment start date. Returns the employee.',
		createEmployment:
			'Start a new employment for an employee (v5) in Workforce; the previous one ends the day before. Needs the employee number and the start date. Returns the employee with the new employment.',
		delete:
			'Delete an employee (v5) in Workforce (check Is Deletable first). Needs the employee number. Returns { success, deleted, employeeNumber }.',
		disable:
			'Stop an employee (v5) from logging in to Workforce, in every company of the structure. Needs the employee number. Returns the employee.',
		disableInProjectCompany:
			'Make an employee (v5) inactive in a project company of Workforce. Needs the employee number and the project company ID. Returns the employee.',
		enable:
			'Let an employee (v5) log in to Workforce again. Needs the employee number. Returns the employee.',
		enableInProjectCompany:
			"Make an employee (v5) active in another company of the Workforce company structure, for that company's projects. Needs the employee number and the project company ID. Returns the employee.",
		endEmployment:
			"End an employee's (v5) active employment in Workforce. Needs the employee number and the end date. Returns the employee.",
		get: 'Get an employee (v5) from Workforce by employee number, optionally with employments, tags and more. Needs the employee number. Returns the employee.',
		getAll: "List the company's employees (v5) in Workforce. Returns one item per employee.",
		isDeletable:
			'Check whether an employee (v5) in Workforce can be deleted, and what blocks it. Needs the employee number. Returns { employeeNumber, isDeletable, validationErrors }.',
		replace:
			"Replace an employee's (v5) profile in Workforce with the fields given: optional fields left out are cleared (employments are kept). Needs the employee number, first and last name and birth date. Returns the employee.",
		replaceTags:
			"Set an employee's (v5) complete list of tags in Workforce: new ones are added, unlisted ones removed. Needs the employee number and the tags. Returns what was added, updated and removed, and the current tags.",
		search:
			'Search employees (v5) in Workforce by free text over name, phone, e-mail and employee number. Needs the search text. Returns one item per hit, with whether the employment is active.',
		update:
			'Change fields of an employee (v5) in Workforce; fields listed to clear are emptied, the rest stay. Needs the employee number and the fields. Returns the employee.',
		updateEmployment:
			"Change fields of an employee's (v5) current employment in Workforce. Needs the employee number and the fields. Returns the employee with the changed employment.",
	},
	document: {
		delete:
			'Delete a document from a project or work order in Workforce. Needs the parent (project, or work order ID) and the file reference ID. Returns { deleted: true, fileReferenceId }.',
		download:
			"Look up a document of a project or work order in Workforce. Needs the parent and the file reference ID. Returns the file's name, size and MIME type (the bytes stay in n8n).",
		getAll:
			'List the document pages of a project or work order in Workforce, each with its files (file reference IDs, names). Needs the parent (project, or work order ID). Returns one item per page.',
		upload:
			'Upload a text document (a note, a report, CSV) to a project or work order in Workforce. Needs the parent, a file name with extension and the content. Returns the page with its files (each with its file reference ID).',
	},
	file: {
		download:
			"Look up an image or document file in Workforce by its file ID or download URL, optionally in a smaller size. Returns the file's name, size and MIME type (the bytes stay in n8n).",
	},
	dataExtraction: {
		getImages:
			'List images of feed posts, alerts and checklist submissions in Workforce, optionally in a date window or since a change date. Returns one item per image and parent record (file ID, names, URLs, dates).',
		getPayrollLines:
			'Read processed payroll lines from Workforce (one per employee per day), in a date window (From/To Date Time) or changed since a date. Returns one item per line.',
		getPayrollLinesExtended:
			'Read payroll lines with full detail, overtime lines included, from Workforce, in a date window or changed since a date. Returns one item per line.',
		getRecords:
			'Read records of another Workforce extraction endpoint (projects, users, resources, absence, machine, checklist or incident registrations), all or changed since a date. Returns one item per record.',
		getTimeRegistrations:
			'Read time registrations (hours, quantities, approval and lock state) from Workforce, in a date window (From/To Date Time) or changed since a date. Returns one item per registration.',
		planWindows:
			'Cut a long date range into the days, weeks or months to read from Workforce one at a time (no request). Needs From and To Date Time and the window (day, week or month). Returns one item per window: index, count, fromDateTime and toDateTime.',
	},
	payrollExport: {
		get: 'Read the payroll export from Workforce: hours, overtime, allowances and absences per employee per day. Needs From and To Work Date (yyyy-MM-dd); by default only approved data. Returns one item per row.',
		getFile:
			"Produce the payroll export file in Workforce's payroll format for a work-date range. Needs From and To Work Date (yyyy-MM-dd) and the export type. Returns the file's name, size and MIME type (the bytes stay in n8n).",
		getSummaryLines:
			'Read payroll summaries as export lines from Workforce (one per employee, day and payroll or absence type). Needs From and To Work Date (yyyy-MM-dd). Returns one item per line.',
	},
};

/**
 * The rows of operations whose parameters differ in version 2 (docs/architecture.md "Versions"):
 * the payroll export takes Period (Last Month, This Month, or a Date Range of From and To Work
 * Date) where version 1 takes optional dates. The rows above stay version 1's, which a saved tool
 * node of version 1 keeps.
 */
export const TOOL_DESCRIPTIONS_FROM_VERSION_2: Record<string, Record<string, string>> = {
	payrollExport: {
		get: 'Read the payroll export from Workforce: hours, overtime, allowances and absences per employee per day. Needs the Period: Last Month, This Month, or Date Range with From and To Work Date (yyyy-MM-dd); by default only approved data, all employees. Returns one item per row.',
		getFile:
			"Produce the payroll export file in Workforce's payroll format. Needs the Period (Last Month, This Month, or Date Range with From and To Work Date, yyyy-MM-dd) and the export type. Returns the file's name, size and MIME type (the bytes stay in n8n).",
		getSummaryLines:
			'Read payroll summaries as export lines from Workforce (one per employee, day and payroll or absence type), all employees by default. Needs the Period: Last Month, This Month, or Date Range with From and To Work Date (yyyy-MM-dd). Returns one item per line.',
	},
};

/** The text a tool node of this version tells the model by default. */
export function toolDescriptionOf(resource: string, operation: string, version: number): string {
	const fromVersion2 = TOOL_DESCRIPTIONS_FROM_VERSION_2[resource]?.[operation];
	return version >= 2 && fromVersion2 !== undefined
		? fromVersion2
		: TOOL_DESCRIPTIONS[resource][operation];
}

/**
 * n8n uses a node's own `toolDescription` parameter as the tool's description (and then adds no
 * "Tool Description" choice of its own), so each operation gets one, shown only on the tool twin
 * (`@tool`) with its version's row as its default; the workflow author can still edit it.
 */
export const toolDescriptionProperties: INodeProperties[] = Object.entries(
	TOOL_DESCRIPTIONS,
).flatMap(([resource, byOperation]) =>
	Object.keys(byOperation).flatMap((operation) => {
		const tool = { '@tool': [true], resource: [resource], operation: [operation] };
		// An operation with a version 2 text: one entry per version (n8n fills a node's missing
		// parameter from the entry its version shows).
		const versions =
			TOOL_DESCRIPTIONS_FROM_VERSION_2[resource]?.[operation] === undefined
				? [{ version: 1, show: tool }]
				: [
						{ version: 1, show: { ...tool, ...BEFORE_VERSION_2 } },
						{ version: 2, show: { ...tool, ...FROM_VERSION_2 } },
					];
		return versions.map(({ version, show }) => ({
			displayName: 'Tool Description',
			name: 'toolDescription',
			type: 'string' as const,
			typeOptions: { rows: 3 },
			default: toolDescriptionOf(resource, operation, version),
			description:
				'What the model is told this tool does; a good, specific description helps it call the tool correctly',
			displayOptions: { show },
		}));
	}),
);
