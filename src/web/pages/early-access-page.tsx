import { useEffect } from "react";
import { brand } from "../../shared/brand";
import { SignupTabs } from "../features/coming-soon/signup-tabs";

export default function EarlyAccessPage() {
  useEffect(() => {
    document.title = `Early access · ${brand.name}`;
  }, []);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">Get early access</h1>
      <p className="mt-2 text-stone-600">
        Sign up as a member or register your business. We launch on {brand.launchDateLabel} in Accra, Kumasi,
        Tamale and Cape Coast.
      </p>
      <div className="mt-6">
        <SignupTabs />
      </div>
    </div>
  );
}
