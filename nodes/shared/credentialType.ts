/**
 * The credential type's name, as the transport fetches it and its errors name it. Its own file so
 * that both import it without a cycle; the credential class and the node descriptions keep the
 * literal, which n8n's lint and verification scanner read.
 */
export const CREDENTIAL = 'workforceApi';
