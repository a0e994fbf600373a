/**
 * What n8n's node search shows for the package. The editor merges "Workforce" and "Workforce
 * Trigger" into one search entry that carries the trigger's description (and the node's actions
 * before the trigger's), so both nodes carry this one text naming what is pushed, what is pulled
 * and what starts a workflow.
 */
export const NODE_DESCRIPTION =
	'Push projects, work orders, machines and employees into Workforce; pull payroll, time registrations, images and documents out; start a workflow when time, payroll or image data change';
