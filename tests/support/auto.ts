/** A listing's car as the marketplace sends it (shared by the API and e2e fixtures). */
export const autoDePrueba = (marca = "Toyota", modelo = "Corolla", precio = 21500) => ({
  RefStock: `ST-${modelo.toUpperCase()}`,
  Marca: marca,
  Modelo: modelo,
  Version: "2.0 XEI CVT",
  VersionYear: 2021,
  Kilometraje: 45000,
  Color: "Gris",
  BodyType: "Sedán",
  Estado: "usado",
  Precio: { Moneda: "USD", Importe: precio },
  Anticipo: null,
  Cuota: null,
});
