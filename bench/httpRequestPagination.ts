/**
 * n8n's HTTP Request node (v4.2) pagination option as a user would set it for the extraction API
 * without this package: resend with the answer's continuationToken until it is empty. Shared by
 * the engine scenario and the running-n8n workflow so both compare the same set-up.
 */
export const HTTP_REQUEST_PAGINATION = {
	pagination: {
		paginationMode: 'updateAParameterInEachRequest',
		parameters: {
			parameters: [
				{ type: 'qs', name: 'ContinuationToken', value: '={{ $response.body.continuationToken }}' },
			],
		},
		paginationCompleteWhen: 'other',
		completeExpression: '={{ !$response.body.continuationToken }}',
		limitPagesFetched: false,
	},
};
