import { NodeOperationError, type INode } from 'n8n-workflow';

import { isDotSegment } from '../../../shared/transport/pathSegment';

export interface FileTarget {
	fileId: string;
	/** MaxDimension carried by the URL (thumbnailUrl, mediumUrl, largeUrl). */
	maxDimensionInUrl?: string;
}

/**
 * A file id, a path `/api/file/{id}` (a document's `url`), or a full URL under the integration
 * base (an image row's downloadUrl & co.). Anything else is refused here, before any request, so
 * the token can never be sent to another host or path.
 */
export function fileTargetOf(
	node: INode,
	input: string,
	integrationBase: string,
	itemIndex: number,
): FileTarget {
	const value = input.trim();
	if (value === '') {
		throw new NodeOperationError(node, 'File is empty', {
			description:
				'Enter a file ID, or a URL from an image row (downloadUrl, mediumUrl, ...) or a document (url).',
			itemIndex,
		});
	}
	const looksLikeUrl =
		/^[a-z][a-z0-9+.-]*:/i.test(value) ||
		value.startsWith('//') ||
		value.includes('/') ||
		value.includes('\\');
	if (!looksLikeUrl) {
		if (isDotSegment(value)) {
			throw new NodeOperationError(node, `File ID "${value}" cannot be used in a request path`, {
				description: `"${value}" is not a valid file ID: it would address another path of the service. Check the value entered or mapped to "File".`,
				itemIndex,
			});
		}
		return { fileId: value };
	}

	const base = new URL(`${integrationBase.replace(/\/+$/, '')}/`);
	let url: URL | undefined;
	if (!value.includes('\\')) {
		try {
			// A path is read relative to the base, like a document's url.
			url =
				value.startsWith('/') && !value.startsWith('//')
					? new URL(value.slice(1), base)
					: new URL(value);
		} catch {
			url = undefined;
		}
	}
	const prefix = `${base.pathname}api/file/`;
	const match =
		url &&
		!url.username &&
		!url.password &&
		url.origin === base.origin &&
		url.pathname.toLowerCase().startsWith(prefix.toLowerCase())
			? /^([^/]+)$/.exec(url.pathname.slice(prefix.length))
			: null;
	let fileId = '';
	if (match) {
		try {
			fileId = decodeURIComponent(match[1]);
		} catch {
			fileId = '';
		}
	}
	if (!url || !match || fileId === '' || isDotSegment(fileId)) {
		throw new NodeOperationError(node, 'File URL is not a file of the configured Integration API', {
			description: `Only URLs of the form ${base.origin}${prefix}{fileId} (or a bare file ID) are accepted, so the Workforce token is never sent anywhere else. Use the image row's downloadUrl/mediumUrl or the file ID.`,
			itemIndex,
		});
	}
	let maxDimensionInUrl: string | undefined;
	for (const [key, v] of url.searchParams)
		if (key.toLowerCase() === 'maxdimension') maxDimensionInUrl = v;
	return { fileId, maxDimensionInUrl };
}
