/** Placeholder until the feature replaces it. */
export default function Placeholder() {
  return null;
}
