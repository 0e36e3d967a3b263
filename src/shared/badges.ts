/** Discovery milestone badges: earned by discovering this many different local businesses. */
export const discoveryMilestones = [
  {
    key: "first_discovery",
    threshold: 1,
    name: "First Discovery",
    description: "Discovered your first local brand",
  },
  { key: "explorer", threshold: 5, name: "Explorer", description: "Discovered 5 local brands" },
  { key: "trailblazer", threshold: 10, name: "Trailblazer", description: "Discovered 10 local brands" },
  { key: "local_legend", threshold: 25, name: "Local Legend", description: "Discovered 25 local brands" },
] as const;
