import type { INode, INodeProperties } from 'n8n-workflow';

/**
 * The one place that reads a node's version (docs/architecture.md "Versions"). Version 2 of the
 * Workforce node and of the Workforce Trigger collects the behaviour changes a saved workflow must
 * not get by surprise: an explicit payroll period, the payroll user filter's default All Users,
 * instants typed in the editor read in n8n's time zone. Version 1 (and the trigger's 1.1) keep
 * what they did.
 */
export const VERSION_2 = 2;

/** The version a saved node was made with (`typeVersion`). */
export function nodeVersion(ctx: { getNode(): INode }): number {
	return ctx.getNode().typeVersion;
}

export function atLeastVersion(ctx: { getNode(): INode }, version: number): boolean {
	return nodeVersion(ctx) >= version;
}

/** Whether the node runs with version 2's behaviour. */
export function isVersion2(ctx: { getNode(): INode }): boolean {
	return atLeastVersion(ctx, VERSION_2);
}

type Show = NonNullable<NonNullable<INodeProperties['displayOptions']>['show']>;

/** `displayOptions.show` of a parameter as version 1 (and 1.1) shows it. */
export const BEFORE_VERSION_2: Show = { '@version': [{ _cnd: { lt: VERSION_2 } }] };
/** `displayOptions.show` of a parameter as version 2 and later show it. */
export const FROM_VERSION_2: Show = { '@version': [{ _cnd: { gte: VERSION_2 } }] };

/** A parameter's display options with a version condition added. */
export function showWithVersion(
	displayOptions: INodeProperties['displayOptions'],
	version: Show,
): INodeProperties['displayOptions'] {
	return { ...displayOptions, show: { ...(displayOptions?.show ?? {}), ...version } };
}
