import { useEffect } from "react";
import { Link } from "react-router";
import { brand } from "../../shared/brand";
import { paths } from "../app/paths";
import { useT } from "../lib/i18n";

export default function NotFoundPage() {
  const t = useT();
  useEffect(() => {
    document.title = t("notFound.docTitle", { brand: brand.name });
  }, [t]);
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center px-6 text-center">
      <p className="text-6xl font-black text-amber-600">404</p>
      <h1 className="mt-2 text-2xl font-bold">{t("notFound.title")}</h1>
      <p className="mt-2 max-w-sm text-stone-600">{t("notFound.text")}</p>
      <Link to={paths.home} className="mt-6 rounded-xl bg-amber-700 px-5 py-2.5 font-semibold text-white">
        {t("notFound.home")}
      </Link>
    </div>
  );
}
