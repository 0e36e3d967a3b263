/** /moments */
export default function MomentsPage() {
  return <h1>Moments</h1>;
}
