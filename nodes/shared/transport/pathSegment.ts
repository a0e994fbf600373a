import { NodeOperationError, type INode } from 'n8n-workflow';

/**
 * `.` and `..` stay dot segments even when percent-encoded (`%2e` too): URL parsers resolve them,
 * so such an id would address another path of the service. Every other character is made safe by
 * `encodeURIComponent`.
 */
export function isDotSegment(value: string): boolean {
	return /^(\.|%2e){1,2}$/i.test(value);
}

/**
 * Refuses an id that would leave its path segment. `label` names the value ("Project ID"),
 * `field` the parameter to fix ("Project").
 */
export function assertSegment(
	ctx: { getNode(): INode },
	value: string,
	label: string,
	field: string,
	itemIndex: number,
): void {
	if (isDotSegment(value)) {
		throw new NodeOperationError(
			ctx.getNode(),
			`${label} "${value}" cannot be used in a request path`,
			{
				description: `"${value}" is not a valid ${label.toLowerCase()}: it would address another path of the service. Check the value entered or mapped to "${field}".`,
				itemIndex,
			},
		);
	}
}

/** `assertSegment`, then the value URL-encoded for one path segment. */
export function pathSegment(
	ctx: { getNode(): INode },
	value: string,
	label: string,
	field: string,
	itemIndex: number,
): string {
	assertSegment(ctx, value, label, field, itemIndex);
	return encodeURIComponent(value);
}

/**
 * Last line of defence for every request: a path that still holds a dot segment (an id
 * that slipped past its field's check) is refused instead of being resolved to another path.
 */
export function assertNoDotSegments(
	ctx: { getNode(): INode },
	url: string,
	itemIndex?: number,
): void {
	const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').split(/[?#]/)[0];
	if (path.split('/').some(isDotSegment)) {
		throw new NodeOperationError(ctx.getNode(), 'An ID in the request path is "." or ".."', {
			description:
				'Such an ID would address another path of the service, so the request was not sent. Check the IDs entered or mapped in this node.',
			itemIndex,
		});
	}
}
