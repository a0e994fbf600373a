import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { isVersion2 } from '../../../shared/nodeVersion';
import { plural } from '../../../shared/plural';
import {
	completeness,
	completenessHint,
	readRows,
	stopItem,
	unchecked,
	type CheckMode,
	type Completeness,
} from './completeness';
import { employeeCount, type RowKind } from './exportGap';
import { countWords, periodHint, periodSummary, type PeriodSummary } from './periodSummary';
import type { ExportRequest } from './query';

/** A version 2 export checked before it goes out (issue 44). */
export interface Checked {
	completeness: Completeness;
	/** The export's rows as counted (Get File: its lines, read when checking), else undefined. */
	counted?: { lines: number; employees: number; words: string };
	/** The error item of a stop (continue on fail); without it the stop was thrown. */
	stop?: INodeExecutionData;
	noun: string;
}

const NOUNS: Record<RowKind, string> = { summaries: 'employee day', lines: 'line' };

/**
 * Version 2 (undefined in version 1): compares the export with All Data when `mode` (readCheckMode,
 * read before any request) asks for it, and stops when asked to. `exported` are the rows already
 * read; Get File passes none, and its import lines under the same filters are read here (the
 * file's format is the company's and is not read back).
 */
export async function checkExport(
	ctx: IExecuteFunctions,
	request: ExportRequest,
	itemIndex: number,
	kind: RowKind,
	mode: CheckMode | undefined,
	exported?: IDataObject[],
): Promise<Checked | undefined> {
	if (!isVersion2(ctx)) return undefined;
	const rows =
		exported ??
		(mode ? await readRows(ctx, request, itemIndex, kind, request.settings.dataFilter) : undefined);
	const c =
		mode && rows ? await completeness(ctx, request, itemIndex, kind, rows) : unchecked(request);
	const noun = NOUNS[kind];
	const counted = rows && {
		lines: rows.length,
		employees: employeeCount(rows),
		words: countWords(rows.length, employeeCount(rows), noun),
	};
	const checked: Checked = { completeness: c, counted, noun };
	if (mode === 'stop' && c.complete === false) {
		const period = summaryOf(ctx, request, itemIndex, checked);
		checked.stop = stopItem(ctx, request, itemIndex, c, period, noun);
	}
	return checked;
}

function summaryOf(
	ctx: IExecuteFunctions,
	request: ExportRequest,
	itemIndex: number,
	{ counted }: Checked,
	bytes?: number,
): PeriodSummary {
	return periodSummary(ctx, request, itemIndex, {
		lines: counted?.lines ?? null,
		employees: counted?.employees ?? null,
		words: counted?.words ?? `a file of ${plural(bytes ?? 0, 'byte')}`,
	});
}

/** The export went out: its period and completeness as hints, and for the output. */
export function reportExport(
	ctx: IExecuteFunctions,
	request: ExportRequest,
	itemIndex: number,
	checked: Checked,
	bytes?: number,
): { period: PeriodSummary; completeness: Completeness } {
	const period = summaryOf(ctx, request, itemIndex, checked, bytes);
	periodHint(ctx, period);
	completenessHint(ctx, request, checked.completeness, checked.noun);
	return { period, completeness: checked.completeness };
}
