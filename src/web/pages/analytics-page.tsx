/** /analytics */
export default function AnalyticsPage() {
  return <h1>Analytics</h1>;
}
