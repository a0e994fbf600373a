import { removeStoredItems } from '../support/binaryItems';
import { documentRows, fileRows } from './rows/documents';
import { runCatalogue } from './runner';

afterAll(async () => await removeStoredItems());

runCatalogue('Document and File', [...documentRows, ...fileRows]);
