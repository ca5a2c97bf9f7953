// Moved beside the posts stores (recent-deliveries.sql.ts); this path stays while the metrics and comments scans import it.
export * from './recent-deliveries.sql';
