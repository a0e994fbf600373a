/** A failure the emulator answers with; `body` is sent as JSON. */
export class ApiError extends Error {
	constructor(
		readonly status: number,
		readonly body: unknown,
		readonly headers: Record<string, string> = {},
	) {
		super(
			typeof body === 'object' && body && 'message' in body
				? String((body as { message: unknown }).message)
				: `HTTP ${status}`,
		);
	}
}

export interface ErrorItem {
	category: string;
	code: string;
	field: string;
	message: string;
}

/** The specification's standard error body: `{ message, errors: [{ category, code, field, message }] }`. */
export function errorBody(message: string, errors: ErrorItem[]) {
	return { message, errors };
}

export function validationError(
	field: string,
	message: string,
	code = 'ValidationError',
): ApiError {
	return validationErrors([{ category: 'UserInvalidInputError', code, field, message }]);
}

export function validationErrors(errors: ErrorItem[]): ApiError {
	return new ApiError(400, errorBody('One or more validation errors occurred.', errors));
}

export function notFound(what: string, id: string, field = 'id'): ApiError {
	return new ApiError(
		404,
		errorBody(`${what} '${id}' was not found.`, [
			{
				category: 'NotFoundError',
				code: 'NotFound',
				field,
				message: `${what} '${id}' was not found.`,
			},
		]),
	);
}

export function forbidden(message: string, field = 'companyId'): ApiError {
	return new ApiError(
		403,
		errorBody(message, [{ category: 'AccessDeniedError', code: 'Forbidden', field, message }]),
	);
}

export function conflict(message: string, field = ''): ApiError {
	return new ApiError(
		409,
		errorBody(message, [{ category: 'ConflictError', code: 'Conflict', field, message }]),
	);
}

/** Business errors are answered as 400 with a category other than input validation. */
export function businessError(code: string, message: string, field = ''): ApiError {
	return new ApiError(
		400,
		errorBody(message, [{ category: 'BusinessRuleError', code, field, message }]),
	);
}
