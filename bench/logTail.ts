/* Reads what a growing log file (a process of the queue stack) has added since the last look. */
import { closeSync, openSync, readSync, statSync } from 'node:fs';

export class LogTail {
	private offset = 0;
	private text = '';

	constructor(private readonly file: string) {}

	/** Whether a line added since this tail was created matches `pattern` (ANSI colour codes removed). */
	seen(pattern: RegExp): boolean {
		const size = statSync(this.file).size;
		if (size > this.offset) {
			const buffer = Buffer.alloc(size - this.offset);
			const fd = openSync(this.file, 'r');
			try {
				readSync(fd, buffer, 0, buffer.length, this.offset);
			} finally {
				closeSync(fd);
			}
			this.offset = size;
			// eslint-disable-next-line no-control-regex
			this.text += buffer.toString('utf8').replace(/\x1b\[[0-9;]*m/g, '');
		}
		return this.text.split('\n').some((line) => pattern.test(line));
	}
}
