import { employeeRows, userRows } from './rows/people';
import { runCatalogue } from './runner';

runCatalogue('User (v4) and Employee (v5)', [...userRows, ...employeeRows]);
