import type { INodeProperties, INodePropertyMode } from 'n8n-workflow';

import { GENERATED_ID_PATTERN, PICKERS, type PickerMode } from './pickerHints';

/**
 * Flags a picker's typed value that fits another mode, in the editor, without stopping a run.
 *
 * n8n turns a failed mode `validation` into a node issue, and a node with issues does not run:
 * not in the editor, not in a saved workflow's production run. The service's ids have no format
 * in the specification, so a shape can only hint. A notice after the picker, shown by n8n's own
 * display rules while the value has the other mode's shape, hints and never blocks. Expressions
 * are left alone (their value is known only at run time, where a not-found names the mode).
 */

const NOT_GENERATED_PATTERN = `^(?!(?:${GENERATED_ID_PATTERN}))`;
const EXPRESSION = { _cnd: { startsWith: '=' } };

const ALL_MODES: PickerMode[] = Object.values(PICKERS).flatMap((p) => p.modes);

function modeOf(mode: INodePropertyMode): PickerMode | undefined {
	return ALL_MODES.find((m) => m.mode === mode.name && m.display === mode.displayName);
}

function notice(
	picker: INodeProperties,
	from: PickerMode,
	to: PickerMode,
	noun: string,
): INodeProperties {
	const show = picker.displayOptions?.show ?? {};
	// Hidden while empty, mapped, or shaped like the mode it is in.
	const shaped = { _cnd: { regex: from.generated ? GENERATED_ID_PATTERN : NOT_GENERATED_PATTERN } };
	return {
		displayName: from.generated
			? `This is not shaped like a generated ID (such as 3f0c6a2e-7d3b-4a51-9d0e-2b1f5c8e9a10). For a ${to.noun}, choose ${to.display}.`
			: `This looks like a generated ID, not a ${from.noun}. For the ${noun}'s ID, choose ${to.display}.`,
		name: `${picker.name}ModeNotice`,
		type: 'notice',
		default: '',
		displayOptions: {
			show: { ...show, [`${picker.name}.mode`]: [from.mode] },
			hide: { ...(picker.displayOptions?.hide ?? {}), [picker.name]: ['', EXPRESSION, shaped] },
		},
	};
}

/** The picker's notices: one per typed mode whose value may fit another of its modes. */
function noticesOf(picker: INodeProperties): INodeProperties[] {
	const modes = (picker.modes ?? []).map(modeOf).filter((m): m is PickerMode => m !== undefined);
	const noun = Object.values(PICKERS).find((p) => p.name === picker.name)?.noun ?? picker.name;
	return modes.flatMap((from) => {
		const to = modes.find((m) => m.generated !== from.generated);
		return to ? [notice(picker, from, to, noun)] : [];
	});
}

/** The node's properties with each picker followed by its notices. */
export function withLocatorNotices(properties: INodeProperties[]): INodeProperties[] {
	return properties.flatMap((p) => (p.type === 'resourceLocator' ? [p, ...noticesOf(p)] : [p]));
}
