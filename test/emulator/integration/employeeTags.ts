import { validationErrors } from '../core/apiError';
import { newId } from '../core/ids';
import { fieldError } from '../core/validate';
import type { PeopleSection, Person, TagAssignment } from './people';
import { dateOf, Problems, toDateTime } from './peopleRules';

export interface TagDiff {
	added: TagAssignment[];
	updated: TagAssignment[];
	removed: TagAssignment[];
	currentTags: TagAssignment[];
}

/** A tag assignment as v5 shows it (datetimes). */
export function tagView(tag: TagAssignment) {
	return {
		...tag,
		applicableFromDate: toDateTime(tag.applicableFromDate),
		applicableToDate: toDateTime(tag.applicableToDate),
	};
}

/**
 * PUT .../tags: diff-based. Entries with userTagId update that assignment (dates only); entries
 * without one are added unless the same assignment already exists (same tag, and for payroll
 * tags the same start), which keeps nightly replays idempotent; existing assignments the request
 * does not mention are removed. Payroll tags may repeat with non-overlapping ranges, ordinary
 * tags once. Nothing is saved when any entry is invalid.
 */
export function replaceTags(people: PeopleSection, person: Person, body: unknown): TagDiff {
	if (!Array.isArray(body))
		throw validationErrors([
			fieldError('', 'The request body must be an array of tag assignments.'),
		]);
	const definitions = people.tagDefinitionsOf(person.companyId);
	const problems = new Problems();
	const existing = new Map(person.tags.map((t) => [t.userTagId, t]));
	const claimed = new Set<string>();
	const desired: Array<{ tag: TagAssignment; kind: 'added' | 'updated' | 'kept'; field: string }> =
		[];

	body.forEach((raw, i) => {
		const field = `[${i}]`;
		if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
			problems.add(field, `${field} must be a tag assignment object.`);
			return;
		}
		const entry = raw as Record<string, unknown>;
		const from = readDate(entry.applicableFromDate, `${field}.applicableFromDate`, problems);
		const to = readDate(entry.applicableToDate, `${field}.applicableToDate`, problems);
		if (from === false || to === false) return;
		if (from && to && to < from) {
			problems.add(
				`${field}.applicableToDate`,
				`'applicableToDate' must not be before 'applicableFromDate'.`,
			);
			return;
		}
		if (entry.userTagId !== undefined && entry.userTagId !== null && entry.userTagId !== '') {
			const current = existing.get(String(entry.userTagId));
			if (!current)
				return problems.add(
					`${field}.userTagId`,
					`The employee has no tag assignment '${String(entry.userTagId)}'.`,
				);
			if (typeof entry.tagId !== 'string' || entry.tagId === '')
				return problems.add(
					`${field}.tagId`,
					`'tagId' is required when updating an assignment (userTagId).`,
				);
			if (entry.tagId !== current.tagId)
				return problems.add(
					`${field}.tagId`,
					`Assignment '${current.userTagId}' is for tag '${current.tagId}'; only its dates can change.`,
				);
			if (current.isPayrollTag && !from)
				return problems.add(
					`${field}.applicableFromDate`,
					`'applicableFromDate' is required for payroll tag '${current.tagName}'.`,
				);
			claimed.add(current.userTagId);
			const changed =
				current.applicableFromDate !== (from ?? null) || current.applicableToDate !== (to ?? null);
			desired.push({
				tag: { ...current, applicableFromDate: from ?? null, applicableToDate: to ?? null },
				kind: changed ? 'updated' : 'kept',
				field,
			});
			return;
		}
		const definition =
			typeof entry.tagId === 'string' && entry.tagId !== ''
				? definitions.find((d) => d.id === entry.tagId)
				: typeof entry.tagName === 'string' && entry.tagName.trim() !== ''
					? definitions.find(
							(d) => d.name.toLowerCase() === String(entry.tagName).trim().toLowerCase(),
						)
					: undefined;
		if (!definition) {
			if (entry.tagId)
				return problems.add(
					`${field}.tagId`,
					`Tag '${String(entry.tagId)}' does not exist in the company.`,
					'TagNotFound',
				);
			if (entry.tagName)
				return problems.add(
					`${field}.tagName`,
					`No tag named '${String(entry.tagName)}' exists in the company.`,
					'TagNotFound',
				);
			return problems.add(`${field}.tagId`, `'tagId' or 'tagName' is required for a new tag.`);
		}
		if (definition.isPayrollTag && !from)
			return problems.add(
				`${field}.applicableFromDate`,
				`'applicableFromDate' is required for payroll tag '${definition.name}'.`,
			);
		// The same assignment sent again (no userTagId) is matched rather than duplicated.
		const match = person.tags.find(
			(t) =>
				!claimed.has(t.userTagId) &&
				t.tagId === definition.id &&
				(!definition.isPayrollTag || t.applicableFromDate === from),
		);
		if (match) {
			claimed.add(match.userTagId);
			const changed =
				match.applicableFromDate !== (from ?? null) || match.applicableToDate !== (to ?? null);
			desired.push({
				tag: { ...match, applicableFromDate: from ?? null, applicableToDate: to ?? null },
				kind: changed ? 'updated' : 'kept',
				field,
			});
			return;
		}
		desired.push({
			tag: {
				userTagId: newId(),
				tagId: definition.id,
				tagName: definition.name,
				isPayrollTag: definition.isPayrollTag,
				applicableFromDate: from ?? null,
				applicableToDate: to ?? null,
			},
			kind: 'added',
			field,
		});
	});
	problems.throwIfAny();

	// Ordinary tags once; payroll tags only with ranges that do not overlap.
	for (let i = 0; i < desired.length; i++) {
		for (let j = 0; j < i; j++) {
			const a = desired[j].tag;
			const b = desired[i].tag;
			if (a.tagId !== b.tagId) continue;
			if (!a.isPayrollTag) {
				problems.add(
					`${desired[i].field}.tagId`,
					`Tag '${a.tagName}' can be assigned only once.`,
					'DuplicateTag',
				);
			} else if (overlaps(a, b)) {
				problems.add(
					`${desired[i].field}.applicableFromDate`,
					`Payroll tag '${a.tagName}' is assigned twice with overlapping date ranges (${range(a)} and ${range(b)}).`,
					'OverlappingPayrollTag',
				);
			}
		}
	}
	problems.throwIfAny();

	const removed = person.tags.filter((t) => !claimed.has(t.userTagId));
	person.tags = desired.map((d) => d.tag);
	people.touch(person);
	return {
		added: desired.filter((d) => d.kind === 'added').map((d) => d.tag),
		updated: desired.filter((d) => d.kind === 'updated').map((d) => d.tag),
		removed,
		currentTags: person.tags,
	};
}

/** undefined = not given, false = invalid (already reported). */
function readDate(value: unknown, field: string, problems: Problems): string | undefined | false {
	if (value === undefined || value === null || value === '') return undefined;
	const date = dateOf(value);
	if (!date) {
		problems.add(field, `'${field.replace(/^\[\d+\]\./, '')}' must be an ISO 8601 date-time.`);
		return false;
	}
	return date;
}

function overlaps(a: TagAssignment, b: TagAssignment): boolean {
	const aEnd = a.applicableToDate ?? '9999-12-31';
	const bEnd = b.applicableToDate ?? '9999-12-31';
	return (
		(a.applicableFromDate ?? '0000-01-01') <= bEnd && (b.applicableFromDate ?? '0000-01-01') <= aEnd
	);
}

function range(t: TagAssignment): string {
	return `${t.applicableFromDate ?? '…'} to ${t.applicableToDate ?? 'open'}`;
}
