/** Whether `version` (an n8n release, `major.minor.patch`) is `minimum` or newer. */
export function atLeastVersion(version: string, minimum: string): boolean {
	const parts = (v: string) => {
		const numbers = v.split('.').map(Number);
		if (numbers.length !== 3 || numbers.some((n) => !Number.isInteger(n)))
			throw new Error(`"${v}" is not an n8n version (major.minor.patch)`);
		return numbers;
	};
	const [a, b] = [parts(version), parts(minimum)];
	const first = a.findIndex((n, i) => n !== b[i]);
	return first === -1 || a[first] > b[first];
}
