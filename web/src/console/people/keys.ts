// The query keys of companies and employees, in one place because each one's changes show in the
// other's lists (a company's employee count, an employee's company name).
export const companyKeys = {
  all: ['companies'] as const,
  list: (query: object) => [...companyKeys.all, 'list', query] as const,
  /** Every company by name, for pickers. */
  choices: ['companies', 'choices'] as const,
  industries: ['industries', 'all'] as const,
};

export const employeeKeys = {
  all: ['employees'] as const,
  list: (query: object) => [...employeeKeys.all, 'list', query] as const,
  detail: (id: string) => [...employeeKeys.all, 'detail', id] as const,
  /** Every employee of one company, for pickers. */
  choices: (companyId: string) => [...employeeKeys.all, 'choices', companyId] as const,
  /** Under the time entries' own prefix, so any page that changes entries refreshes these. */
  entries: (id: string, page: number) => ['time-entries', 'employee', id, page] as const,
};

/** After any change to a company or an employee: both lists, the pickers and the details. */
export function invalidatePeople(queryClient: { invalidateQueries(filters: { queryKey: readonly unknown[] }): Promise<void> }): Promise<unknown> {
  return Promise.all([queryClient.invalidateQueries({ queryKey: companyKeys.all }), queryClient.invalidateQueries({ queryKey: employeeKeys.all })]);
}
