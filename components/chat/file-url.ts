/** Where a stored upload is served (session-checked: lib/files, app/api/files/[id]). */
export const fileUrl = (id: string) => `/api/files/${id}`;
