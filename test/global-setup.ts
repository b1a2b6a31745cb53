// Replaced by the database template setup in the foundation commit.
export default async function setup(): Promise<void> {}
