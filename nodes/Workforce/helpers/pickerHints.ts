/**
 * What a value typed into a picker's mode looks like, and what to say when it is not found.
 *
 * The specification says only "IDs are strings, generated on create"; the service's ids seen so
 * far (and the emulator's) are GUIDs. So a shape is a hint, never a refusal. n8n 2.41.1 has no
 * harmless way to flag a typed value in the editor: a mode `validation` that fails is a node issue,
 * and n8n runs no node with issues (a saved workflow would stop); a `displayOptions` regex is
 * evaluated at every run too, in n8n's regex sandbox with a 250 ms wall-clock limit, which a busy
 * machine exceeds ("Regular expression execution timed out" fails the run). So the editor gets a
 * fixed hint under each picker (`pickerHint`), and a not-found names the mode that fits.
 */

/** A generated ID: a GUID (with or without hyphens or braces) or 24 hex digits. */
export const GENERATED_ID_PATTERN =
	'^\\{?[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}\\}?$|^[0-9a-fA-F]{24}$';
const GENERATED_ID = new RegExp(GENERATED_ID_PATTERN);

export const looksGenerated = (value: string) => GENERATED_ID.test(value.trim());

/** One typed mode of a picker: its value in the locator, as the editor shows it, and its noun. */
export interface PickerMode {
	mode: string;
	display: string;
	noun: string;
	/** Generated IDs have a shape; numbers (and identity IDs) are whatever the company chose. */
	generated: boolean;
}

export interface Picker {
	/** The locator parameter's name and label ("project", "Project"). */
	name: string;
	label: string;
	noun: string;
	modes: PickerMode[];
}

const byId = (display = 'By ID', noun = 'ID'): PickerMode => ({
	mode: 'id',
	display,
	noun,
	generated: true,
});
const byNumber = (mode: string, noun: string): PickerMode => ({
	mode,
	display: `By ${noun.replace(/\b\w/g, (c) => c.toUpperCase())}`,
	noun,
	generated: false,
});

/** Every picker of the node: one row each (users differ by the ID their endpoint takes). */
export const PICKERS = {
	project: {
		name: 'project',
		label: 'Project',
		noun: 'project',
		modes: [byId(), byNumber('projectNumber', 'project number')],
	},
	machine: {
		name: 'machine',
		label: 'Machine',
		noun: 'machine',
		modes: [byId(), byNumber('machineNumber', 'machine number')],
	},
	userByProfile: {
		name: 'user',
		label: 'User',
		noun: 'user',
		modes: [byId('By Profile ID', 'profile ID'), byNumber('employeeNumber', 'employee number')],
	},
	userByIdentity: {
		name: 'user',
		label: 'User',
		noun: 'user',
		modes: [
			{ ...byId('By Identity ID', 'identity ID'), generated: false },
			byNumber('employeeNumber', 'employee number'),
		],
	},
	employee: {
		name: 'employee',
		label: 'Employee',
		noun: 'employee',
		modes: [byNumber('employeeNumber', 'employee number')],
	},
} satisfies Record<string, Picker>;

const ALL_MODES: PickerMode[] = Object.values(PICKERS).flatMap((p) => p.modes);

/**
 * The hint under a picker whose ID mode takes a generated ID and which also has a number mode:
 * where a number goes (the issue's "P-1002 typed By ID").
 */
export function pickerHint(
	modes: Array<{ name: string; displayName: string }>,
): string | undefined {
	const known = modes
		.map((m) => ALL_MODES.find((k) => k.mode === m.name && k.display === m.displayName))
		.filter((m): m is PickerMode => m !== undefined);
	const id = known.find((m) => m.generated);
	const number = known.find((m) => !m.generated);
	if (!id || !number) return undefined;
	return `${id.display} takes the generated ${id.noun} (such as 3f0c6a2e-7d3b-4a51-9d0e-2b1f5c8e9a10); for a ${number.noun}, choose ${number.display}`;
}

/** The mode a value fits better than the one it was typed into, if the picker has one. */
export function betterMode(picker: Picker, mode: string, value: string): PickerMode | undefined {
	const chosen = picker.modes.find((m) => m.mode === mode);
	if (!chosen) return undefined;
	if (chosen.generated && !looksGenerated(value)) return picker.modes.find((m) => !m.generated);
	if (!chosen.generated && looksGenerated(value))
		return picker.modes.find((m) => m.generated && m.mode !== mode);
	return undefined;
}

/** What a 404 says: what was looked up and how, and the mode that fits when the value's shape says so. */
export function notFoundOf(
	picker: Picker,
	mode: string,
	value: string,
): { what: string; advice: string } {
	const chosen = picker.modes.find((m) => m.mode === mode) ?? picker.modes[0];
	const what = `No ${picker.noun} with ${chosen.noun} "${value}"`;
	const fromList = `pick the ${picker.noun} From List`;
	const better = betterMode(picker, chosen.mode, value);
	const unshaped =
		'is not shaped like a generated ID (such as 3f0c6a2e-7d3b-4a51-9d0e-2b1f5c8e9a10)';
	if (better)
		return {
			what,
			advice: `"${value}" ${chosen.generated ? `${unshaped}: if it is a ${better.noun}` : 'looks like a generated ID: if it is one'}, set "${picker.label}" to ${better.display}, or ${fromList}.`,
		};
	if (chosen.generated && !looksGenerated(value))
		return { what, advice: `"${value}" ${unshaped}: check the ${chosen.noun}, or ${fromList}.` };
	return {
		what,
		advice: `The ${picker.noun} was looked up ${chosen.display} (${chosen.noun} "${value}"): none exists in your company (one of another company answers the same). Check the ${chosen.noun}, or ${fromList}.`,
	};
}

/**
 * What to say before any request when a typed value has the shape of another mode of the picker
 * (a project number typed By ID): the not-found's advice, for a filter the service answers with
 * an empty result rather than a 404.
 */
export function shapeAdvice(picker: Picker, mode: string, value: string): string | undefined {
	return betterMode(picker, mode, value) ? notFoundOf(picker, mode, value).advice : undefined;
}

/** The picker an operation's path is built from: by resource, users by the ID their endpoint takes. */
const PICKER_OF_RESOURCE: Record<string, Picker> = {
	project: PICKERS.project,
	workOrder: PICKERS.project,
	machine: PICKERS.machine,
	employee: PICKERS.employee,
};
const USER_BY_IDENTITY = ['delete', 'replace', 'isDeletable'];

export function pickerOf(resource: string, operation: string): Picker | undefined {
	if (resource !== 'user') return PICKER_OF_RESOURCE[resource];
	if (USER_BY_IDENTITY.includes(operation)) return PICKERS.userByIdentity;
	// These two endpoints take one kind of key, so their pickers have one typed mode.
	const [profile, number] = PICKERS.userByProfile.modes;
	if (operation === 'getByProfileId') return { ...PICKERS.userByProfile, modes: [profile] };
	if (operation === 'getByEmployeeNumber') return { ...PICKERS.userByProfile, modes: [number] };
	return PICKERS.userByProfile;
}
