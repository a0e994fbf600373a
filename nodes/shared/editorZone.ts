import { NodeOperationError, type INode } from 'n8n-workflow';

import { isVersion2 } from './nodeVersion';
import { isKnownZone } from './zonedTime';

interface ZoneContext {
	getNode(): INode;
	getTimezone(): string;
}

/**
 * The zone an instant typed in the editor without a zone is read in: n8n's time zone in node
 * version 2 (`getTimezone()`: the workflow's setting, else the instance's, as n8n's own nodes
 * read dates), `undefined` (UTC) in version 1.
 */
export function editorZone(ctx: ZoneContext, itemIndex?: number): string | undefined {
	if (!isVersion2(ctx)) return undefined;
	const zone = ctx.getTimezone();
	if (typeof zone === 'string' && isKnownZone(zone)) return zone;
	throw new NodeOperationError(
		ctx.getNode(),
		`n8n's time zone "${String(zone)}" is not a known time zone`,
		{
			description:
				"Dates typed without a zone are read in the workflow's time zone: choose one in Workflow Settings > Timezone (e.g. Europe/Oslo), or set the instance's GENERIC_TIMEZONE.",
			itemIndex,
		},
	);
}

/** How a date-time without a zone is read, for error messages. */
export function zoneWording(zone: string | undefined): string {
	return zone === undefined ? 'no zone means UTC' : `no zone means n8n's time zone, ${zone}`;
}
