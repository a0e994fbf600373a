/** Payroll Export filters that leave no line out: every employee, payroll type and absence. */
export const EVERY_LINE = {
	dataFilter: 10,
	userPayrollTypeFilter: 'all-users',
	filters: {
		exportAllPayrollTypes: true,
		includeAllAbsence: true,
		overridePayrollExportSettingsForFixedPayEmployees: true,
	},
};
